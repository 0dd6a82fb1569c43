import type { Actor, WorkspaceRole } from './envelope.js';

/**
 * Personal API tokens (docs/api.md): a user's key for scripts and integrations, bound to one of
 * their workspaces with a role no higher than their own. Owned by the identity service.
 */
export const ApiTokenSubjects = {
  create: 'identity.tokens.create',
  list: 'identity.tokens.list',
  revoke: 'identity.tokens.revoke',
  /** The gateway's check of a presented token: the actor it acts as, or UNAUTHORIZED. */
  authenticate: 'identity.tokens.authenticate',
} as const;

export const API_TOKEN_NAME_MAX_LENGTH = 100;
/** Live tokens a user may hold at once. */
export const MAX_API_TOKENS_PER_USER = 50;
/** Every token starts with this, so secret scanners and people recognise one. */
export const API_TOKEN_PREFIX = 'inv_';

export const ApiTokenMessages = {
  nameRequired: 'Token name is required',
  nameTooLong: `Token name must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters`,
  roleTooHigh: 'A token cannot have a higher role than yours in that workspace',
  expiryInvalid: 'Expiry must be a future date',
  tooMany: `You can hold at most ${MAX_API_TOKENS_PER_USER} API tokens; revoke one first`,
  notFound: 'API token not found',
  /** One answer for an unknown, revoked or expired token. */
  invalid: 'Invalid or expired API token',
  /** A token used on a route for people only (users, tokens, memberships, account). */
  notForTokens: 'API tokens cannot be used for this; sign in instead',
} as const;

/** A token as its owner sees it: never the secret after creation. */
export interface ApiTokenView {
  id: string;
  name: string;
  /** The first characters of the token, to recognise it by. */
  prefix: string;
  workspaceId: string;
  workspaceName: string;
  role: WorkspaceRole;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** The answer to creating a token: the only time its secret is shown. */
export interface CreatedApiToken extends ApiTokenView {
  token: string;
}

export interface ApiTokenRequest {
  name: string;
  workspaceId: string;
  role: WorkspaceRole;
  /** ISO 8601; absent: the token does not expire. */
  expiresAt?: string | null;
}

export interface ApiTokenRef {
  id: string;
}

export interface ApiTokenCheck {
  token: string;
}

/** Who a valid token acts as (its role is the lower of the token's and the user's current one). */
export interface AuthenticatedToken {
  tokenId: string;
  actor: Actor;
  expiresAt: string | null;
}

export interface ApiTokensRpc {
  [ApiTokenSubjects.create]: { request: ApiTokenRequest; response: CreatedApiToken };
  [ApiTokenSubjects.list]: { request: void; response: ApiTokenView[] };
  [ApiTokenSubjects.revoke]: { request: ApiTokenRef; response: ApiTokenRef };
  [ApiTokenSubjects.authenticate]: { request: ApiTokenCheck; response: AuthenticatedToken };
}
