import { answer, api, type Schemas } from './client';

export type ApiTokenRequest = Schemas['ApiTokenBody'];
export type ApiTokenView = Schemas['ApiTokenDto'];
export type CreatedApiToken = Schemas['CreatedApiTokenDto'];

/** The signed-in user's live tokens, newest first (never their secrets). */
export function listApiTokens(): Promise<ApiTokenView[]> {
  return answer(api.GET('/api/tokens'));
}

/** The answer carries the secret: the only time it is ever shown. */
export function createApiToken(body: ApiTokenRequest): Promise<CreatedApiToken> {
  return answer(api.POST('/api/tokens', { body }));
}

/** Refused everywhere at once from then on. */
export async function revokeApiToken(id: string): Promise<void> {
  await answer(api.DELETE('/api/tokens/{id}', { params: { path: { id } } }));
}
