import { Logger } from '@nestjs/common';
import type { Request } from 'express';
import { isIPv6 } from 'node:net';
import { loadServerRenderer, type ClientHints } from './server-renderer.js';

/** The cookie the web app writes its hints to (web/src/lib/client-hints.tsx). */
const CLIENT_HINTS_COOKIE = 'client-hints';

/**
 * A screen not rendered within this long is served as the app's shell instead: a slow render must
 * not cost more than the app's own start would (docs/web-performance.md).
 */
const RENDER_BUDGET_MS = 2500;

/** Window widths taken on trust from the hint: anything else is a made-up cookie. */
const HINTED_WIDTH = { min: 200, max: 10_000 };
/** Without a hint: a phone's width for a phone's browser, else a laptop's. */
const PHONE_WIDTH = 412;
const WIDE_WIDTH = 1280;

/**
 * The signed-in screens rendered on the server with the visitor's data (docs/web-performance.md):
 * a phone paints the dashboard, inventory or reports from the first response, and the app takes
 * the page over when its code has arrived. The render reads the API as the visitor, over this
 * gateway's own socket with the visitor's cookie, so every rule of the API (session, workspace,
 * role) applies to it unchanged.
 */
export class SignedInPages {
  private readonly logger = new Logger('SignedInPages');

  constructor(private readonly distDir: string) {}

  /**
   * The document of the screen `req` asks for, or undefined when the app's shell is to be served:
   * not a screen rendered here, no server build, a session that is not signed in, or over budget.
   */
  async render(req: Request): Promise<string | undefined> {
    const renderer = await loadServerRenderer(this.distDir);
    if (!renderer?.isServerRenderedPage(req.path)) return undefined;
    const origin = ownOrigin(req);
    const cookie = req.headers.cookie ?? '';
    const deadline = AbortSignal.timeout(RENDER_BUDGET_MS);
    const readApi = (pathAndQuery: string) => fetch(origin + pathAndQuery, { headers: { cookie, accept: 'application/json' }, signal: deadline });
    try {
      const rendered = renderer.renderSignedInDocument({ url: req.originalUrl, hints: clientHintsOf(req), readApi });
      const html = await Promise.race([rendered, overBudget(deadline)]);
      return html ?? undefined;
    } catch (error) {
      this.logger.warn(`${req.path} served as the app's shell: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}

const overBudget = (deadline: AbortSignal) =>
  new Promise<never>((_, reject) => deadline.addEventListener('abort', () => reject(new Error(`not rendered within ${RENDER_BUDGET_MS} ms`))));

/** This gateway as the request reached it: its own socket, whatever the host or proxy in front. */
function ownOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${isIPv6(address) ? `[${address}]` : address}:${req.socket.localPort}`;
}

/** The browser's width and time zone as the app reported them, else a guess from the browser's kind. */
export function clientHintsOf(req: Request): ClientHints {
  const hinted = new URLSearchParams(typeof req.cookies?.[CLIENT_HINTS_COOKIE] === 'string' ? req.cookies[CLIENT_HINTS_COOKIE] : '');
  const width = Number(hinted.get('w'));
  const timeZone = hinted.get('tz') ?? '';
  const isPhone = req.headers['sec-ch-ua-mobile'] === '?1' || /Mobi|Android/i.test(req.headers['user-agent'] ?? '');
  return {
    width: Number.isInteger(width) && width >= HINTED_WIDTH.min && width <= HINTED_WIDTH.max ? width : isPhone ? PHONE_WIDTH : WIDE_WIDTH,
    timeZone: isTimeZone(timeZone) ? timeZone : 'UTC',
  };
}

function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
