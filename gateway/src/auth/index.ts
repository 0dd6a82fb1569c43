/**
 * What other areas use: every /api route requires a signed-in user unless marked @Public();
 * @CurrentActor() gives `{ userId, role, workspaceId, workspaceRole, userName }` for the service
 * envelope; @Roles() restricts by global role; @WorkspaceData() marks a controller acting on the
 * current workspace's data (a viewer's write is refused). Writes (non-GET) need the CSRF header,
 * which the web app sends for you.
 */
export { CurrentActor, Public, Roles, WithoutCookie, WorkspaceData } from './auth.decorators.js';
