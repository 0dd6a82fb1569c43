import type { WorkspaceRole } from '../../api/workspaces';

// Mirrors WORKSPACE_ROLES of the contracts (most to least powerful); only types are imported from
// there, so that no server-side module ends up in the browser bundle. `satisfies` keeps them in step.
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const satisfies readonly WorkspaceRole[];

export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

/** What each role may do, in the words the invitation and the role pickers show. */
export const ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: 'Everything, including deleting the workspace and making other owners.',
  admin: 'Manages members, invitations and the name, and changes all data.',
  member: 'Adds and changes items, stock, categories and locations.',
  viewer: 'Sees everything and exports reports, but changes nothing.',
};

/** "a member", "an admin": for sentences such as "invited you to join Acme as an admin". */
export function roleWithArticle(role: WorkspaceRole): string {
  const label = ROLE_LABELS[role].toLowerCase();
  return /^[aeiou]/.test(label) ? `an ${label}` : `a ${label}`;
}

/** The roles someone may hand out: only an owner makes owners. */
export function grantableRoles(isOwner: boolean): WorkspaceRole[] {
  return WORKSPACE_ROLES.filter((role) => isOwner || role !== 'owner');
}

export function roleOptions(isOwner: boolean) {
  return grantableRoles(isOwner).map((role) => ({ value: role, label: ROLE_LABELS[role] }));
}
