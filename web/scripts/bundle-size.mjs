#!/usr/bin/env node
// First-load JavaScript per route, read from the Vite manifest of web/dist.
// First load = the entry chunk, everything it imports statically, and the lazy chunk(s) of the
// route with their static imports (what the browser must fetch before the screen can render).
// Exits 1 when a budgeted route is over budget, so `npm run build` fails instead of shipping it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');

/** KB = 1024 bytes (Vite's own report uses 1000-byte kB, so its figures read about 2.4 % higher). */
const BUDGET_KB = 250;

/**
 * Route -> the source modules it loads lazily. A module that is not a key of the manifest was
 * bundled into a static chunk, so it is already counted with the entry.
 */
const ROUTES = [
  // What a phone runs before the visitor touches a page the gateway rendered (the signed-out pages,
  // the signed-in first screens: docs/web-performance.md): the loader alone.
  { name: 'first paint', paths: 'rendered pages', entry: 'src/prerender/boot.ts', modules: [], budgetKb: 4 },
  { name: 'landing', paths: '/, /landing', modules: ['src/features/auth/pages/LandingPage.tsx'], budgetKb: BUDGET_KB },
  { name: 'login', paths: '/login', modules: ['src/features/auth/pages/LoginPage.tsx'], budgetKb: BUDGET_KB },
  { name: 'register', paths: '/register', modules: ['src/features/auth/pages/RegisterPage.tsx'] },
  {
    name: 'dashboard',
    paths: '/dashboard (signed in)',
    modules: ['src/app/SignedInRoutes.tsx', 'src/features/dashboard/pages/DashboardPage.tsx'],
    budgetKb: 400,
  },
  {
    name: 'inventory',
    paths: '/inventory (signed in)',
    modules: ['src/app/SignedInRoutes.tsx', 'src/features/inventory/pages/InventoryPage.tsx'],
    budgetKb: 450,
  },
  {
    name: 'reports',
    paths: '/reports (signed in)',
    modules: ['src/app/SignedInRoutes.tsx', 'src/features/reports/pages/ReportsPage.tsx'],
    budgetKb: 480,
  },
];

function readManifest() {
  try {
    return JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    console.error(`bundle-size: cannot read ${manifestPath} (is build.manifest on, and did vite build run?)`);
    console.error(String(error));
    process.exit(2);
  }
}

const manifest = readManifest();
/** The app's entry; the other entry is the loader of the pages rendered ahead of time. */
const APP_ENTRY = 'index.html';
if (!manifest[APP_ENTRY]?.isEntry) {
  console.error(`bundle-size: ${APP_ENTRY} is not an entry of the manifest`);
  process.exit(2);
}

/** Chunk files reached from `key` through static imports only. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(distDir, file))).length);
  return gzipCache.get(file);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const appEntryFiles = staticClosure(APP_ENTRY);
let failed = false;

console.log(`First-load JS per route (gzip, entry ${manifest[APP_ENTRY].file}):`);
for (const route of ROUTES) {
  const files = route.entry ? staticClosure(route.entry) : new Set(appEntryFiles);
  const lazy = route.modules.filter((module) => manifest[module]);
  for (const module of lazy) staticClosure(module, files);
  const jsFiles = [...files].filter((file) => file.endsWith('.js'));
  const bytes = jsFiles.reduce((sum, file) => sum + gzipBytes(file), 0);
  const over = route.budgetKb !== undefined && bytes > route.budgetKb * 1024;
  failed ||= over;
  const budget = route.budgetKb === undefined ? '' : over ? `  OVER budget ${route.budgetKb} KB` : `  (budget ${route.budgetKb} KB)`;
  const entry = route.entry ? route.entry.split('/').pop() : 'entry';
  const how = lazy.length ? `${entry} + ${lazy.map((m) => m.split('/').pop()).join(' + ')}` : `${entry} only`;
  console.log(
    `  ${route.name.padEnd(10)} ${kb(bytes).padStart(7)} KB  ${String(jsFiles.length).padStart(2)} files  ${route.paths}: ${how}${budget}`,
  );
}

if (failed) {
  console.error('bundle-size: first-load budget exceeded (see vite.config.ts for how chunks are split)');
  process.exit(1);
}
