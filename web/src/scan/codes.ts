/**
 * What a scanned text means (docs/scanning.md). Our labels' QR codes hold `<PUBLIC_URL>/i/<code>`
 * (an item) or `<PUBLIC_URL>/l/<code>` (a place); anything else is a product's barcode, or a code
 * someone typed, which the API looks up among short codes, barcodes and SKUs.
 */
export type ScannedCode = { kind: 'item'; code: string } | { kind: 'location'; code: string } | { kind: 'barcode'; code: string };

/** A label's short code: 10 Crockford base32 characters, typed forms with dashes and lower case allowed. */
const LABEL_PATH = /^\/(i|l)\/([0-9a-z][0-9a-z-]{0,29})\/?$/i;

export function parseScannedCode(text: string): ScannedCode | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const label = labelPath(trimmed);
  if (label) return label;
  return { kind: 'barcode', code: trimmed };
}

/**
 * Any http(s) URL whose path is a label path counts as ours: the app may be reached under another
 * host name than the PUBLIC_URL printed on the label (a LAN address, a proxy).
 */
function labelPath(text: string): ScannedCode | null {
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const match = LABEL_PATH.exec(url.pathname);
  if (!match || url.search || url.hash) return null;
  return { kind: match[1].toLowerCase() === 'i' ? 'item' : 'location', code: match[2] };
}
