import { hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../api/auth';
import { queryKeys } from '../../api/query-keys';
import type { CurrentWorkspace } from '../../api/workspaces';

const USER_HASH = hashKey(queryKeys.auth.user());
/** Answers that are the same in every workspace: the session, the server's options and channels, invitation previews. */
const SHARED_ROOTS = new Set<unknown>([
  queryKeys.auth.all[0],
  queryKeys.config.public()[0],
  queryKeys.notifications.all[0],
  queryKeys.invitation('')[0],
]);
const isPerWorkspace = (query: Query) => !SHARED_ROOTS.has(query.queryKey[0]);

const scopeOf = (user: CurrentUser | null | undefined): string | null => (user ? `${user.id}:${user.workspace?.id}` : null);

/**
 * Every list, report and alert is per workspace. Whenever the current user shows another workspace
 * than before (a switch here, an accepted invitation, or the server moving the session after a
 * removal or from another tab), every other cached answer belongs to the workspace left behind:
 * every query starts over, in-flight requests cancelled (the screens show their loading state,
 * never the old workspace's data). Returns the function that stops watching.
 */
export function watchWorkspaceChanges(queryClient: QueryClient): () => void {
  let scope = scopeOf(queryClient.getQueryData<CurrentUser | null>(queryKeys.auth.user()));
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== USER_HASH) return;
    const next = scopeOf(event.query.state.data as CurrentUser | null | undefined);
    if (next === scope) return;
    const previous = scope;
    scope = next;
    // Signing in starts from an empty cache; signing out reloads the page.
    if (previous === null || next === null) return;
    // After the cache has told every listener about this update, before React renders it.
    queueMicrotask(() => void queryClient.resetQueries({ predicate: isPerWorkspace }));
  });
}

/** Shows the workspace the server has just moved the session to, then confirms it from the server. */
export async function enterWorkspace(queryClient: QueryClient, workspace: CurrentWorkspace): Promise<void> {
  queryClient.setQueryData<CurrentUser | null>(queryKeys.auth.user(), (user) => (user ? { ...user, workspace } : user));
  await queryClient.invalidateQueries({ queryKey: queryKeys.auth.user() });
}

/** After the server moved the session without saying where (leaving or deleting a workspace). */
export async function refetchCurrentWorkspace(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.auth.user() });
}
