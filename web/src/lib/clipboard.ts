/**
 * Copies `text` to the clipboard, falling back to selecting `input` and the copy command when the
 * Clipboard API is not offered (an insecure origin, an old browser). Answers whether it worked.
 */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.select();
    return document.execCommand?.('copy') ?? false;
  }
}
