import { answer, api, type Schemas } from './client';
import { resetCsrfToken } from './http';

/** The signed-in user as returned by GET /api/auth/user (spec §3, User), with the session's workspace. */
export type CurrentUser = Schemas['CurrentUserDto'];
export type LoginRequest = Schemas['LoginDto'];
export type RegisterRequest = Schemas['RegisterDto'];
export type AdminLoginRequest = Schemas['AdminLoginDto'];
/** GET /api/config: which sign-in options the server offers. */
export type PublicConfig = Schemas['PublicConfigDto'];

/** Null means signed out. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  // Never from the HTTP cache (spec §7); a 401's body is read by the client, so the request ends.
  const call = api.GET('/api/auth/user', { cache: 'no-store' });
  if ((await call).response.status === 401) return null;
  return answer(call);
}

// A new session means a new CSRF token: drop the old one after a sign-in or sign-out.
async function withFreshCsrf<T>(call: Promise<T>): Promise<T> {
  const result = await call;
  resetCsrfToken();
  return result;
}

export function login(body: LoginRequest): Promise<unknown> {
  return withFreshCsrf(answer(api.POST('/api/auth/login', { body })));
}

export function register(body: RegisterRequest): Promise<unknown> {
  return withFreshCsrf(answer(api.POST('/api/auth/register', { body })));
}

export function adminLogin(body: AdminLoginRequest): Promise<unknown> {
  return withFreshCsrf(answer(api.POST('/api/auth/admin-login', { body })));
}

export function demoLogin(): Promise<unknown> {
  return withFreshCsrf(answer(api.POST('/api/auth/demo-login')));
}

export function logout(): Promise<unknown> {
  return withFreshCsrf(answer(api.POST('/api/logout', { cache: 'no-store' })));
}

export function getPublicConfig(): Promise<PublicConfig> {
  return answer(api.GET('/api/config'));
}

/** Browser navigations (the server answers with redirects, not JSON). */
export const authUrls = {
  platformLogin: '/api/login',
  google: '/api/auth/google',
} as const;
