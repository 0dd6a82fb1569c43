import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isIPv6 } from 'node:net';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { loadServerRenderer, type ClientHints, type ServerRenderer } from './server-renderer.js';

/** The cookie the web app writes its hints to (web/src/lib/client-hints.tsx). */
const CLIENT_HINTS_COOKIE = 'client-hints';

/**
 * A screen not rendered within this long is left to the app, which the page then starts at once: a
 * slow render must not keep a visitor waiting much longer than the app's own start.
 */
const RENDER_BUDGET_MS = 2500;

/** The 'Get started' card's memories a hint may carry (web/src/lib/onboarding.ts): a few short names. */
const REMEMBERED = { max: 12, name: /^onboarding:[\w:-]{1,200}$/ };
const PERMISSIONS = ['default', 'granted', 'denied'] as const;
/** Stored view choices a hint may carry (web/src/lib/use-stored-state.ts): short JSON under short keys. */
const STORED = { max: 8, key: /^s:([\w.-]{1,60})$/, maxLength: 500 };

/** Window widths taken on trust from the hint: anything else is a made-up cookie. */
const HINTED_WIDTH = { min: 200, max: 10_000 };
/** Without a hint: a phone's width for a phone's browser, else a laptop's. */
const PHONE_WIDTH = 412;
const WIDE_WIDTH = 1280;

/**
 * What the app's FullScreenLoader shows (a spinner over "Loading..."), in HTML and CSS alone: the
 * page has content from its first paint, and the app or the rendered screen replaces it.
 */
export const STATIC_LOADER = `<div role="status" aria-live="polite" style="min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px">
<style>@keyframes app-loader{to{transform:rotate(360deg)}}</style>
<span aria-hidden="true" style="width:32px;height:32px;border-radius:50%;border:3px solid rgba(22,119,255,.2);border-top-color:#1677ff;animation:app-loader 1s linear infinite"></span>
<span style="color:#8c8c8c;font-size:14px">Loading...</span></div>`;

/**
 * A rendered screen until the app has taken it over, when the app removes the mark
 * (web/src/prerender/HydratedSignal.tsx). The app starts when the visitor reaches for the screen,
 * and takes what they did meanwhile (web/src/prerender/early-input.ts); at once for a screen with
 * a part left loading (web/src/prerender/boot.ts).
 */
const PRERENDERED_MARK = { complete: 'data-prerendered', partial: 'data-prerendered="partial"' };

/** Shown while the screen is rendered, then hidden by the rest of the page (no script needed). */
const EARLY_LOADER = `<div id="early-loader">${STATIC_LOADER}</div>`;
const END_EARLY_LOADER = '<style>#early-loader{display:none}</style>';

/**
 * The signed-in first screens rendered on the server with the visitor's data
 * (docs/web-performance.md). The page's head and a "Loading..." go out at once, so the browser
 * paints at once; the screen follows in the same response, and the app takes it over when the
 * visitor reaches for it. The render reads the API as the visitor, over this gateway's own socket
 * with the visitor's cookie, so every rule of the API (session, workspace, role) applies to it
 * unchanged.
 */
export class SignedInPages {
  private readonly logger = new Logger('SignedInPages');
  private readonly renderer: Promise<ServerRenderer | undefined>;

  constructor(distDir: string) {
    // Loaded now, not on the first visit: a cold render would miss its budget.
    this.renderer = loadServerRenderer(distDir).then((renderer) =>
      // A build from before these screens were rendered (`WEB_DIST_DIR`, docs/web-performance.md).
      typeof renderer?.renderSignedInPage === 'function' ? renderer : undefined,
    );
  }

  /** Whether the screen at this path is rendered here (else the app's shell is served). */
  async renders(path: string): Promise<boolean> {
    return (await this.renderer)?.isServerRenderedPage(path) ?? false;
  }

  /** Sends the page of `req`, its screen rendered if it can be (call when `renders` said so). */
  async send(req: Request, res: Response): Promise<void> {
    const renderer = await this.renderer;
    if (!renderer) throw new Error('no server renderer');
    const hints = clientHintsOf(req);
    const [beforeRoot, afterRoot] = themed(renderer.signedInDocument(), hints.theme).split('<div id="root"></div>');
    const body = compressedBody(req, res);
    body.write(beforeRoot + EARLY_LOADER);
    body.flush();
    const page = await this.render(renderer, req, hints);
    body.end(
      page
        ? `${END_EARLY_LOADER}${page.styles}<div id="root" ${page.complete ? PRERENDERED_MARK.complete : PRERENDERED_MARK.partial}>${page.root}</div>\n    ${page.state}${afterRoot}`
        : `${END_EARLY_LOADER}<div id="root">${STATIC_LOADER}</div>${afterRoot}`,
    );
  }

  private async render(renderer: ServerRenderer, req: Request, hints: ClientHints) {
    const origin = ownOrigin(req);
    const cookie = req.headers.cookie ?? '';
    const deadline = AbortSignal.timeout(RENDER_BUDGET_MS);
    const readApi = (pathAndQuery: string) =>
      fetch(origin + pathAndQuery, { headers: { cookie, accept: 'application/json' }, signal: deadline });
    try {
      const rendered = renderer.renderSignedInPage({ url: req.originalUrl, hints, readApi });
      return await Promise.race([rendered, overBudget(deadline)]);
    } catch (error) {
      this.logger.warn(`${req.path} left to the app: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}

/** Where a page's text goes: written in parts, flushed after the first. */
interface PageBody {
  write(text: string): void;
  flush(): void;
  end(text: string): void;
}

/** The response body, compressed as the browser accepts (quickly: it is made for one request). */
function compressedBody(req: Request, res: Response): PageBody {
  const encoding = req.acceptsEncodings('br', 'gzip');
  res.setHeader('Vary', 'Accept-Encoding');
  res.type('html');
  if (encoding !== 'br' && encoding !== 'gzip')
    return { write: (text) => void res.write(text), flush: () => undefined, end: (text) => void res.end(text) };
  res.setHeader('Content-Encoding', encoding);
  const compressor = encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip();
  compressor.pipe(res);
  // A visitor who leaves mid-render: the rest is written nowhere.
  res.on('close', () => compressor.destroy());
  return { write: (text) => void compressor.write(text), flush: () => compressor.flush(), end: (text) => void compressor.end(text) };
}

const overBudget = (deadline: AbortSignal) =>
  new Promise<never>((_, reject) =>
    deadline.addEventListener('abort', () => reject(new Error(`not rendered within ${RENDER_BUDGET_MS} ms`))),
  );

/** This gateway as the request reached it: its own socket, whatever the host or proxy in front. */
function ownOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${isIPv6(address) ? `[${address}]` : address}:${req.socket.localPort}`;
}

/** The page in the theme the screen is rendered in, as the app sets it once started (lib/theme-mode.tsx). */
function themed(document: string, theme: ClientHints['theme']): string {
  return document.replace('<html ', `<html data-theme="${theme}" style="color-scheme: ${theme}" `);
}

/**
 * The browser's width, time zone and theme as the app reported them, the width from the browser's
 * own client hint first (asked for with Accept-CH in ./serve-web-app.ts); else a guess from its kind.
 */
export function clientHintsOf(req: Request): ClientHints {
  const cookie: unknown = req.cookies?.[CLIENT_HINTS_COOKIE];
  const hinted = new URLSearchParams(typeof cookie === 'string' ? cookie : '');
  // The browser's header is the window as it is now; the app's hint is as of its last start or resize.
  const width = [req.headers['sec-ch-viewport-width'], hinted.get('w')].map(Number).find(isHintedWidth);
  const timeZone = hinted.get('tz') ?? '';
  // A structured header: the value comes quoted ("dark").
  const systemTheme = String(req.headers['sec-ch-prefers-color-scheme'] ?? '').replaceAll('"', '');
  const theme = (hinted.get('th') ?? systemTheme) === 'dark' ? 'dark' : 'light';
  const notifications = PERMISSIONS.find((permission) => permission === hinted.get('np')) ?? null;
  const remembered = hinted
    .getAll('ob')
    .filter((name) => REMEMBERED.name.test(name))
    .slice(0, REMEMBERED.max);
  const stored = Object.fromEntries(
    [...hinted]
      .map(([name, value]) => [STORED.key.exec(name)?.[1], value] as const)
      .filter(([key, value]) => key !== undefined && value.length <= STORED.maxLength)
      .slice(0, STORED.max),
  );
  const isPhone = req.headers['sec-ch-ua-mobile'] === '?1' || /Mobi|Android/i.test(req.headers['user-agent'] ?? '');
  return {
    width: width ?? (isPhone ? PHONE_WIDTH : WIDE_WIDTH),
    timeZone: isTimeZone(timeZone) ? timeZone : 'UTC',
    theme,
    notifications,
    remembered,
    stored,
  };
}

function isHintedWidth(width: number): boolean {
  return Number.isInteger(width) && width >= HINTED_WIDTH.min && width <= HINTED_WIDTH.max;
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
