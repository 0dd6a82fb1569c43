import { holdClicksUntilHydrated } from './early-clicks';

/**
 * The first script of a signed-in screen the gateway rendered with the visitor's data
 * (docs/web-performance.md), before the app's own: the screen is on view before the app has taken
 * it over, so a button pressed meanwhile is held and pressed again once it has.
 */
holdClicksUntilHydrated();
