/**
 * Whether the server may POST Web Push messages to this URL: https, on one of the configured push
 * services' hosts ("*.example.com" matches its subdomains). Anything else would let a user point
 * the server at addresses only it can reach.
 */
export function isAllowedPushEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return allowedHosts.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed,
  );
}
