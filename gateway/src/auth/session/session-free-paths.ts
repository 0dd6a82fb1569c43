import type { Request } from 'express';

/**
 * Routes that neither need nor load a session, so they cost no session lookup: public by
 * definition (health checks, the sign-in options of the login page).
 */
const SESSION_FREE_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/api/config']);

/** Compared the way Express routes: case-insensitive, trailing slash ignored. */
export const isSessionFree = (req: Request) => SESSION_FREE_PATHS.has(req.originalUrl.split('?')[0].replace(/\/+$/, '').toLowerCase());
