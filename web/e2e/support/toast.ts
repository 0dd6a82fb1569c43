import type { Page, Response } from 'playwright-core';

const NOTICE = '.ant-notification-notice';

/**
 * Waits for the toast `title` (an antd notification; the app shows one at a time, so another toast
 * replaces it). If it does not come, the error says what did: the toasts on screen and the API
 * calls that failed meanwhile (a write refused, or a service too slow on a loaded machine).
 */
export async function toast(page: Page, title: string, timeoutMs = 30_000): Promise<void> {
  const failed: string[] = [];
  const onResponse = (res: Response) => {
    if (res.status() >= 400) failed.push(`${res.request().method()} ${new URL(res.url()).pathname}: ${res.status()}`);
  };
  page.on('response', onResponse);
  try {
    await page.locator(NOTICE).getByText(title, { exact: true }).first().waitFor({ timeout: timeoutMs });
  } catch (error) {
    const shown = await page.locator(NOTICE).allInnerTexts();
    throw new Error(
      `no toast "${title}" within ${timeoutMs} ms; on screen: ${JSON.stringify(shown)}; failed calls: ${JSON.stringify(failed)}`,
      {
        cause: error,
      },
    );
  } finally {
    page.off('response', onResponse);
  }
}
