import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The app under test, started by `npm test` (infra/scripts/test.mjs) on the test servers. */
export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:23000';
const screenshotsDir = join(process.cwd(), 'artifacts', 'screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface LaunchOptions {
  /**
   * A fake camera playing this Y4M video (looped) to getUserMedia; the camera is allowed without
   * asking unless `cameraRefused`, which answers every camera request with a refusal.
   */
  fakeCamera?: { video: string; cameraRefused?: boolean };
}

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export function launchBrowser({ fakeCamera }: LaunchOptions = {}): Promise<Browser> {
  const camera = fakeCamera
    ? [
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${fakeCamera.video}`,
        // 'deny' makes the fake permission UI refuse, as a person tapping 'Block' would.
        fakeCamera.cameraRefused ? '--use-fake-ui-for-media-stream=deny' : '--use-fake-ui-for-media-stream',
      ]
    : [];
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...camera,
    ],
  });
}

export interface Viewport {
  width: number;
  height: number;
}
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const MOBILE: Viewport = { width: 375, height: 740 };

export async function newContext(browser: Browser, viewport: Viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl, viewport, acceptDownloads: true });
}

/** Saves a full-page screenshot under artifacts/screenshots (git-ignored) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage: true });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol: the app's CSP (rightly) refuses injected script tags.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
