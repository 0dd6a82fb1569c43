import { rememberClientHints } from './client-hints';

// What the 'Get started' card remembers in this browser: that a user dismissed it for a workspace
// (each new workspace starts its own), and that the user has opened the reports screen or printed
// labels (the steps no data shows). A copy goes in the client-hints cookie, so a dashboard the
// server renders shows the card as this browser will (docs/web-performance.md).
const PREFIX = 'onboarding:';
const key = (scope: string, what: 'dismissed' | 'reports' | 'labels') => `${PREFIX}${scope}:${what}`;
/** Enough for a few people and workspaces on one browser; the cookie stays small. */
const MAX_REMEMBERED = 12;

/** Where a memory is looked up: this browser's storage, or on the server the copy the cookie brought. */
export type OnboardingMemory = (name: string) => boolean;

function read(name: string): boolean {
  try {
    return localStorage.getItem(name) === '1';
  } catch {
    return false;
  }
}

function write(name: string): void {
  try {
    localStorage.setItem(name, '1');
  } catch {
    // Private mode or storage full: the card just shows again next time.
  }
  rememberClientHints();
}

/** The memories kept in this browser, most recent users' last (storage keeps insertion order). */
export function rememberedInThisBrowser(): string[] {
  try {
    return Object.keys(localStorage)
      .filter((name) => name.startsWith(PREFIX) && localStorage.getItem(name) === '1')
      .slice(-MAX_REMEMBERED);
  } catch {
    return [];
  }
}

const workspaceScope = (userId: string, workspaceId: string) => (workspaceId === userId ? userId : `${userId}:${workspaceId}`);
export const onboardingDismissed = (userId: string | undefined, workspaceId: string | undefined, memory: OnboardingMemory = read) =>
  userId && workspaceId ? memory(key(workspaceScope(userId, workspaceId), 'dismissed')) : false;
export const dismissOnboarding = (userId: string, workspaceId: string) => write(key(workspaceScope(userId, workspaceId), 'dismissed'));
export const hasVisitedReports = (userId: string, memory: OnboardingMemory = read) => memory(key(userId, 'reports'));
export const markReportsVisited = (userId: string) => write(key(userId, 'reports'));
export const hasPrintedLabels = (userId: string, memory: OnboardingMemory = read) => memory(key(userId, 'labels'));
export const markLabelsPrinted = (userId: string) => write(key(userId, 'labels'));
