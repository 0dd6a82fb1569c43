// What the 'Get started' card remembers in this browser: that a user dismissed it for a workspace
// (each new workspace starts its own), and that the user has opened the reports screen or printed
// labels (the steps no data shows).
const key = (scope: string, what: 'dismissed' | 'reports' | 'labels') => `onboarding:${scope}:${what}`;

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
}

const workspaceScope = (userId: string, workspaceId: string) => (workspaceId === userId ? userId : `${userId}:${workspaceId}`);
export const onboardingDismissed = (userId: string | undefined, workspaceId: string | undefined) =>
  userId && workspaceId ? read(key(workspaceScope(userId, workspaceId), 'dismissed')) : false;
export const dismissOnboarding = (userId: string, workspaceId: string) => write(key(workspaceScope(userId, workspaceId), 'dismissed'));
export const hasVisitedReports = (userId: string) => read(key(userId, 'reports'));
export const markReportsVisited = (userId: string) => write(key(userId, 'reports'));
export const hasPrintedLabels = (userId: string) => read(key(userId, 'labels'));
export const markLabelsPrinted = (userId: string) => write(key(userId, 'labels'));
