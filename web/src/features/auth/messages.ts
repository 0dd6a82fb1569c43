import { errorMessage, isHttpError } from '../../api/http';

/** spec §8: the server's message on a refused login, a generic text on network failure. */
export function loginErrorText(error: unknown): string {
  return isHttpError(error) ? errorMessage(error, 'Login failed') : 'Login failed. Please try again.';
}

/** spec §8: registration failures. */
export function registerErrorText(error: unknown): string {
  return isHttpError(error) ? errorMessage(error, 'Registration failed') : 'Network error. Please try again.';
}

/** Texts for the `?error=` codes the server redirects to /login with. */
const REDIRECT_ERRORS: Record<string, string> = {
  google_not_configured: 'Google sign-in is not configured on this server.',
  oidc_not_configured: 'Sign-in with the platform is not configured on this server.',
  google_failed: 'Google sign-in failed. Please try again.',
  oidc_failed: 'Sign-in with the platform failed. Please try again.',
};

export function redirectErrorText(code: string): string {
  const known = REDIRECT_ERRORS[code];
  if (known) return known;
  // An unknown code such as `account_locked` reads as "Account locked"; a sentence is shown as sent.
  if (!/^[\w-]+$/.test(code)) return code;
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
