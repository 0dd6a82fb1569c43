import type { CurrentWorkspace, ExternalProvider, Role } from '@inventory/contracts';
import { http, resetCsrfToken } from './http';

/** The signed-in user as returned by GET /api/auth/user (SPEC 3, User). */
export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  /** The workspace the session works in: every list, report and write is scoped to it. */
  workspace: CurrentWorkspace;
  /** How the account signs in (Account Settings, Security tab). */
  hasPassword?: boolean;
  externalProviders?: ExternalProvider[];
  createdAt?: string;
  updatedAt?: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface RegisterRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface AdminLoginRequest {
  email: string;
}

/** GET /api/config: which sign-in options the server offers. */
export interface PublicConfig {
  demoLoginEnabled: boolean;
  superAdminShortcutEnabled: boolean;
  superAdminEmail?: string;
  googleEnabled: boolean;
  oidcEnabled: boolean;
}

/** Null means signed out. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  const user = await http.get<CurrentUser | null | undefined>('/api/auth/user', { on401: 'returnNull', noCache: true });
  // An empty body would be `undefined`, which React Query rejects as query data.
  return user ?? null;
}

// A new session means a new CSRF token: drop the old one after a sign-in or sign-out.
async function withFreshCsrf<T>(call: Promise<T>): Promise<T> {
  const result = await call;
  resetCsrfToken();
  return result;
}

export function login(body: LoginRequest): Promise<unknown> {
  return withFreshCsrf(http.post<unknown>('/api/auth/login', body));
}

export function register(body: RegisterRequest): Promise<unknown> {
  return withFreshCsrf(http.post<unknown>('/api/auth/register', body));
}

export function adminLogin(body: AdminLoginRequest): Promise<unknown> {
  return withFreshCsrf(http.post<unknown>('/api/auth/admin-login', body));
}

export function demoLogin(): Promise<unknown> {
  return withFreshCsrf(http.post<unknown>('/api/auth/demo-login'));
}

export function logout(): Promise<unknown> {
  return withFreshCsrf(http.post<unknown>('/api/logout', undefined, { noCache: true }));
}

export function getPublicConfig(): Promise<PublicConfig> {
  return http.get<PublicConfig>('/api/config');
}

/** Browser navigations (the server answers with redirects, not JSON). */
export const authUrls = {
  platformLogin: '/api/login',
  google: '/api/auth/google',
} as const;
