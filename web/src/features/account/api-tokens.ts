import type { Rule } from 'antd/es/form';
import type { WorkspaceRole } from '../../api/workspaces';
import { WORKSPACE_ROLES } from '../workspace/roles';

// API_TOKEN_NAME_MAX_LENGTH and ApiTokenMessages of the contracts (api-tokens.ts), copied: the web
// imports only types from there. The server checks the same rules and answers with the same words.
export const API_TOKEN_NAME_MAX_LENGTH = 100;

export const apiTokenNameRules: Rule[] = [
  { required: true, whitespace: true, message: 'Token name is required' },
  { max: API_TOKEN_NAME_MAX_LENGTH, message: `Token name must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters` },
];

/** The roles a token may have in a workspace where the user is `userRole`: never more than theirs. */
export function tokenRoles(userRole: WorkspaceRole): WorkspaceRole[] {
  return WORKSPACE_ROLES.slice(WORKSPACE_ROLES.indexOf(userRole));
}

/** A new token writes but manages nothing: member where the user may give it, else viewer. */
export function defaultTokenRole(userRole: WorkspaceRole): WorkspaceRole {
  return tokenRoles(userRole).includes('member') ? 'member' : 'viewer';
}

/** What a token of each role may do: unlike a person, no token manages members, tokens or accounts. */
export const TOKEN_ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: 'Reads and changes all data, with an owner’s rights over it.',
  admin: 'Reads and changes all data, with an admin’s rights over it.',
  member: 'Adds and changes items, stock, categories and locations.',
  viewer: 'Reads items, stock and reports, but changes nothing.',
};

export const EXPIRY_CHOICES = ['30d', '90d', '1y', 'never'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

export const EXPIRY_LABELS: Record<ExpiryChoice, string> = {
  '30d': '30 days',
  '90d': '90 days',
  '1y': '1 year',
  never: 'Never',
};

export const DEFAULT_EXPIRY: ExpiryChoice = '90d';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a token made `now` with this choice stops working; null: never. */
export function expiryDate(choice: ExpiryChoice, now: Date = new Date()): Date | null {
  switch (choice) {
    case '30d':
      return new Date(now.getTime() + 30 * DAY_MS);
    case '90d':
      return new Date(now.getTime() + 90 * DAY_MS);
    case '1y': {
      const date = new Date(now);
      date.setFullYear(date.getFullYear() + 1);
      return date;
    }
    case 'never':
      return null;
  }
}

/** Whether an expiry has passed (the server stops accepting the token then). */
export function hasExpired(expiresAt: string | null, now: Date = new Date()): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();
}

/** How a token is recognised in the list: its first characters, then an ellipsis ("inv_ab12…"). */
export function maskedToken(prefix: string): string {
  return `${prefix}…`;
}

/** The command that tries a token out, for the one-time panel. */
export function curlExample(token: string, origin: string): string {
  return `curl -H "Authorization: Bearer ${token}" ${origin}/api/inventory`;
}
