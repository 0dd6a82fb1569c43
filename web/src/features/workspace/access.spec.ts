import { describe, expect, it } from '@jest/globals';
import { mayUndo, workspaceAccess } from './access';
import { grantableRoles, roleWithArticle } from './roles';

describe('what a workspace role may do on screen', () => {
  it.each([
    ['owner', { canWrite: true, canUndoOthers: true, canManageMembers: true, isOwner: true }],
    ['admin', { canWrite: true, canUndoOthers: true, canManageMembers: true, isOwner: false }],
    ['member', { canWrite: true, canUndoOthers: false, canManageMembers: false, isOwner: false }],
    ['viewer', { canWrite: false, canUndoOthers: false, canManageMembers: false, isOwner: false }],
  ] as const)('an %s', (role, rights) => {
    expect(workspaceAccess(role)).toEqual({ role, ...rights });
  });

  it('gives nothing without a role', () => {
    expect(workspaceAccess(undefined)).toMatchObject({ canWrite: false, canManageMembers: false, isOwner: false });
  });

  it('lets a member undo only their own movements, an admin anyone’s, a viewer none', () => {
    expect(mayUndo(workspaceAccess('member'), 'u1', 'u1')).toBe(true);
    expect(mayUndo(workspaceAccess('member'), 'u1', 'u2')).toBe(false);
    expect(mayUndo(workspaceAccess('admin'), 'u1', 'u2')).toBe(true);
    expect(mayUndo(workspaceAccess('viewer'), 'u1', 'u1')).toBe(false);
  });

  it('offers the owner role only to owners', () => {
    expect(grantableRoles(true)).toEqual(['owner', 'admin', 'member', 'viewer']);
    expect(grantableRoles(false)).toEqual(['admin', 'member', 'viewer']);
  });

  it('names a role in a sentence', () => {
    expect(roleWithArticle('admin')).toBe('an admin');
    expect(roleWithArticle('viewer')).toBe('a viewer');
  });
});
