import type { ApiTokenRequest, ApiTokenView, CreatedApiToken } from '@inventory/contracts';
import { http } from './http';

export type { ApiTokenRequest, ApiTokenView, CreatedApiToken };

const base = '/api/tokens';

/** The signed-in user's live tokens, newest first (never their secrets). */
export function listApiTokens(): Promise<ApiTokenView[]> {
  return http.get<ApiTokenView[]>(base);
}

/** The answer carries the secret: the only time it is ever shown. */
export function createApiToken(body: ApiTokenRequest): Promise<CreatedApiToken> {
  return http.post<CreatedApiToken>(base, body);
}

/** Refused everywhere at once from then on. */
export function revokeApiToken(id: string): Promise<void> {
  return http.delete<void>(`${base}/${encodeURIComponent(id)}`);
}
