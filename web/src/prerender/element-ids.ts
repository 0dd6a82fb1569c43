/**
 * The JSON elements of a page the gateway rendered (docs/web-performance.md). A module of its own:
 * the page's loader (boot.ts) must not bring any of the app's code with it.
 */
/** What the page was rendered with (state.ts). */
export const PRERENDER_STATE_ID = 'prerender-state';
/** The app's scripts a signed-in page fetches while idle (boot.ts). */
export const APP_SCRIPTS_ID = 'app-scripts';
