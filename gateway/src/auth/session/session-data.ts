import type { Role, WorkspaceRole } from '@inventory/contracts';

declare module 'express-session' {
  /** What a signed-in session holds (column `sess`); userId is indexed for "end every session of a user". */
  interface SessionData {
    userId: string;
    role: Role;
    /**
     * The current workspace and the user's role in it (docs/workspaces.md). A membership change
     * rewrites these in every session of the member (PgSessionStore.applyMembershipChange).
     * Sessions from before workspaces lack them: they work in the personal workspace.
     */
    workspaceId?: string;
    workspaceRole?: WorkspaceRole;
    /** Display name, recorded with what the user does. */
    userName?: string;
    /** Epoch ms of sign-in: the absolute timeout counts from here. */
    signedInAt: number;
    /** Epoch ms of the last request written back: the idle timeout counts from here. */
    lastSeenAt: number;
  }
}
