/** Starts a download of `href` as the browser would for a link with a `download` attribute. */
export function downloadFrom(href: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a file made in the browser. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadFrom(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
