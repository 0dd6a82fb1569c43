export type Role = 'user' | 'admin' | 'super_admin';
export const ROLES: readonly Role[] = ['user', 'admin', 'super_admin'];

/** A member's role in a workspace (docs/workspaces.md), from most to least powerful. */
export type WorkspaceRole = 'owner' | 'admin' | 'member' | 'viewer';
export const WORKSPACE_ROLES: readonly WorkspaceRole[] = ['owner', 'admin', 'member', 'viewer'];

/** What a workspace role may do: the one place the gateway's and the services' checks read. */
export const WorkspacePermissions = {
  /** Create and edit items, categories, locations; record movements; mark alerts read. */
  writeData: (role: WorkspaceRole) => role !== 'viewer',
  /** Undo a movement someone else recorded. */
  undoOthers: (role: WorkspaceRole) => role === 'owner' || role === 'admin',
  /** Invite, change roles, remove members, rename the workspace and change its settings. */
  manageMembers: (role: WorkspaceRole) => role === 'owner' || role === 'admin',
  /** Delete the workspace; make someone an owner or change an owner's role. */
  own: (role: WorkspaceRole) => role === 'owner',
} as const;

/** The less powerful of two roles (a token acts with the lower of its own and its user's). */
export const lowerWorkspaceRole = (a: WorkspaceRole, b: WorkspaceRole): WorkspaceRole =>
  WORKSPACE_ROLES.indexOf(a) >= WORKSPACE_ROLES.indexOf(b) ? a : b;

/** Who is asking. Set by the gateway from the session, never from a request body. */
export interface Actor {
  userId: string;
  role: Role;
  /** The session's current workspace: every service scopes its data by it. */
  workspaceId: string;
  workspaceRole: WorkspaceRole;
  /** Display name at the time, recorded with what the actor does ("who moved it"). */
  userName: string;
}

/** Every NATS request carries this envelope. */
export interface Envelope<T> {
  actor?: Actor;
  data: T;
  meta?: {
    correlationId?: string;
    /** Client-supplied Idempotency-Key of a write, when given. */
    idempotencyKey?: string;
    /** The HTTP request this call serves, for the service's log lines (docs/operations.md, "Logs"). */
    requestId?: string;
  };
}
