import type { Browser, Page } from 'playwright-core';
import { newContext, type Viewport } from './browser.js';

/** A write from inside the page: the session cookie rides along and the CSRF token is fetched first. */
export async function postJson(page: Page, url: string, body: unknown): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ url, body }) => {
      const csrf = (await (await fetch('/api/auth/csrf', { credentials: 'include' })).json()) as { token: string };
      const res = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.token },
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    { url, body },
  );
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function uniqueUser(prefix = 'e2e'): TestUser {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${prefix}-${tag}@example.com`, password: 'secret123', firstName: 'Erin', lastName: `Tester${tag.slice(-4)}` };
}

/** A fresh signed-in user in a new browser context, landed on `path`. */
export async function signUp(browser: Browser, path = '/dashboard', viewport?: Viewport): Promise<{ page: Page; user: TestUser }> {
  const page = await (await newContext(browser, viewport)).newPage();
  await page.goto('/');
  const user = uniqueUser();
  const res = await postJson(page, '/api/auth/register', user);
  if (res.status >= 300) throw new Error(`register failed: ${res.status} ${res.text}`);
  await page.goto(path);
  return { page, user };
}

/** The super admin through the shortcut login (enabled on the test servers). */
export async function signInAsSuperAdmin(browser: Browser, path = '/users', viewport?: Viewport): Promise<Page> {
  const page = await (await newContext(browser, viewport)).newPage();
  await page.goto('/');
  const res = await postJson(page, '/api/auth/admin-login', { email: 'admin@example.com' });
  if (res.status >= 300) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  await page.goto(path);
  return page;
}
