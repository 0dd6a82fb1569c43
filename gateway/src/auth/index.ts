/**
 * What other areas use: every /api route requires a signed-in user unless marked @Public();
 * @CurrentActor() gives `{ userId, role }` for the service envelope; @Roles() restricts by role.
 * Writes (non-GET) need the CSRF header, which the web app sends for you.
 */
export { CurrentActor, Public, Roles } from './auth.decorators.js';
