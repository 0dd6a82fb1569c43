/**
 * Sent on `document` once the app has taken a page rendered ahead of time over. A module of its
 * own: the signed-out pages' loader (boot.ts) must not bring any of the app's code with it.
 */
export const APP_HYDRATED_EVENT = 'app:hydrated';
