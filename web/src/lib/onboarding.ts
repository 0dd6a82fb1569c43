// What the 'Get started' card remembers in this browser, per user: that it was dismissed, and that
// the reports screen has been opened (the one step no data shows).
const key = (userId: string, what: 'dismissed' | 'reports') => `onboarding:${userId}:${what}`;

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

export const onboardingDismissed = (userId: string | undefined) => (userId ? read(key(userId, 'dismissed')) : false);
export const dismissOnboarding = (userId: string) => write(key(userId, 'dismissed'));
export const hasVisitedReports = (userId: string) => read(key(userId, 'reports'));
export const markReportsVisited = (userId: string) => write(key(userId, 'reports'));
