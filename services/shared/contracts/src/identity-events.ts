import type { EventEnvelope } from './events.js';

/**
 * Published when a user is deleted: every service purges the user's personal workspace (whose id is
 * the user's id). Shared workspaces stay.
 */
export type UserEvent = EventEnvelope<'UserDeleted', { userId: string }>;

/** Published when a workspace is deleted: every service purges the workspace's records. */
export type WorkspaceEvent = EventEnvelope<'WorkspaceDeleted', { workspaceId: string }>;

/** The id of the workspace an identity purge event removes. */
export const purgedWorkspaceId = (event: UserEvent | WorkspaceEvent): string =>
  event.type === 'UserDeleted' ? event.data.userId : event.data.workspaceId;
