// Bulk import and export benchmark (docs/import-export.md):
//   node gateway/bench/import.bench.mjs [rows = 100000] [private | http://127.0.0.1:3000]
// "private" (the default) starts its own PostgreSQL (fsync on), Redis, NATS and S3 store and every
// built app process on other ports, and removes them afterwards. Generates a realistic CSV (20
// categories, 10 places), then measures, with the whole stack running: the plain single-item path
// (POST /api/inventory, 32 at a time) as the same-run baseline in rows/s; upload, preview and the
// import run (to 'done'); the export of every item as CSV. Prints rows/s and the peak memory (RSS)
// of every app process. Targets (docs/import-export.md, 2-core machine, 100,000 rows): preview < 10 s,
// import < 60 s, export < 10 s, every process < 500 MB. Then the everyday reads at that size (list,
// filters, search, a history of 10,000 movements) beside the small workspace, once every projection
// has caught up, every worker's queue is empty and the databases are vacuumed (a workspace at
// rest); then stock movements on random items while a CSV report of every item streams and the
// reporting read models are rebuilt, beside the same movements on the quiet stack just before; last,
// the inventory service's rebuild of the item list (events/s). Takes about 9 minutes.
// Over MAX_IMPORT_ROWS rows (200,000: one file's limit) the rows are imported as several files, one
// after the other, as a user would: `node gateway/bench/import.bench.mjs 1000000` (#22's size) takes
// about 40 minutes and 10 GB of disk.
// BENCH_FILE=<a .csv or .xlsx> measures that file instead (e.g. the largest one allowed).
// BENCH_PG_STATEMENTS=1 prints the statements PostgreSQL spent the run's time on (pg_stat_statements).
// BENCH_HOLD=1 keeps the private stack up at the end (until Ctrl-C), to study its plans with psql.
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { MAX_IMPORT_ROWS } from '@inventory/contracts';
import { request } from 'undici';
import { appProcesses, waitForHealth } from '../../infra/scripts/lib.mjs';
import {
  measureCalls,
  measureLatency,
  PG_STAT_STATEMENTS_OPTION,
  printStatements,
  projectionsCaughtUp,
  settleDatabases,
  signUp,
  startStack,
  statementsReset,
  waitFor,
  workersIdle,
} from './bench-stack.mjs';

const ROWS = Number(process.argv[2] ?? 100_000);
const ownFile = process.env.BENCH_FILE;
const target = process.argv[3] ?? 'private';
const BASELINE_ITEMS = 2000;
const BASELINE_CONCURRENCY = 32;

const pgStatements = process.env.BENCH_PG_STATEMENTS === '1' && target === 'private';
const stack =
  target === 'private' ? startStack(undefined, { fsync: true, pgOptions: pgStatements ? PG_STAT_STATEMENTS_OPTION : '' }) : null;
const baseUrl = stack ? stack.baseUrl : target.replace(/\/$/, '');
const processes = new Map();
// BENCH_CPU_PROF=<process name>,… writes V8 CPU profiles of those processes to .data/profiles/.
const profiled = new Set((process.env.BENCH_CPU_PROF ?? '').split(',').filter(Boolean));
const profiling = ['--cpu-prof', '--cpu-prof-dir=.data/profiles'];
if (stack)
  for (const { name, script } of appProcesses()) processes.set(name, stack.start(script, {}, profiled.has(name) ? profiling : []).pid);
try {
  await waitForHealth(baseUrl, 120_000);
} catch (error) {
  await stack?.stop();
  throw error;
}

/** Peak resident memory of every app process, sampled every 250 ms: overall, and per step. */
const peakRss = new Map();
let step = 'start';
const sampler = setInterval(() => {
  for (const [name, pid] of processes) {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
      const peaks = peakRss.get(name) ?? new Map();
      for (const key of ['all', step]) peaks.set(key, Math.max(peaks.get(key) ?? 0, kb));
      peakRss.set(name, peaks);
    } catch {
      // the process is gone
    }
  }
}, 250);

/** CPU seconds (user + system) of every app process, and of all of PostgreSQL's, from /proc. */
const TICKS_PER_SECOND = 100;
const cpuOf = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0; // the process is gone
  }
};
function cpuNow() {
  const now = new Map([...processes].map(([name, pid]) => [name, cpuOf(pid)]));
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) postgres += cpuOf(pid);
    } catch {
      // gone meanwhile
    }
  }
  now.set('postgresql', postgres);
  return now;
}
const cpuUsed = new Map();
/** Adds the CPU each process used between `before` and now to the step's column. */
function chargeCpu(step, before) {
  for (const [name, seconds] of cpuNow()) {
    const row = cpuUsed.get(name) ?? {};
    row[step] = (seconds - (before.get(name) ?? 0)).toFixed(1);
    cpuUsed.set(name, row);
  }
}

async function session(label) {
  const signedUp = await signUp(baseUrl, label);
  const res = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie: signedUp.cookie } });
  const { token } = await res.json();
  // The CSRF token may come with cookies of its own, replacing those of the same name.
  const jar = new Map(
    [signedUp.cookie, ...res.headers.getSetCookie().map((line) => line.split(';')[0])]
      .flatMap((text) => text.split('; '))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair]),
  );
  const cookie = [...jar.values()].join('; ');
  const call = async (path, init = {}) => {
    const res = await fetch(`${baseUrl}${path}`, { ...init, headers: { cookie, 'x-csrf-token': token, ...init.headers } });
    if (res.status >= 400) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  return { cookie, token, call, json: async (path, init) => (await call(path, init)).json() };
}

const seconds = (since) => (performance.now() - since) / 1000;
const rate = (rows, s) => Math.round(rows / s).toLocaleString('en-US');

/** A realistic catalogue: names, SKUs, quantities, prices, 20 categories, 10 places, reorder levels; rows first… first + rows - 1. */
function generateCsv(rows, first = 0) {
  const words = [
    'Hex',
    'Bolt',
    'Washer',
    'Cable',
    'Drill',
    'Bit',
    'Saw',
    'Blade',
    'Tape',
    'Glue',
    'Pipe',
    'Valve',
    'Filter',
    'Lamp',
    'Fuse',
  ];
  const categories = Array.from({ length: 20 }, (_, i) => `Category ${String.fromCharCode(65 + i)}`);
  const places = Array.from({ length: 10 }, (_, i) => `Aisle ${i + 1}`);
  const lines = ['Name,SKU,Description,Category,Location,Quantity,Unit price,Reorder level'];
  for (let i = first; i < first + rows; i++) {
    const name = `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`;
    lines.push(
      `${name},SKU-${String(i).padStart(7, '0')},"${name}, grade ${i % 5}",${categories[i % 20]},${places[i % 10]},${i % 500},${((i % 9999) / 100 + 0.5).toFixed(2)},${i % 50}`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

/**
 * The Inventory screen's reads at this size, under 8 clients (docs/reports.md, "At scale"), each
 * beside the same read of the plain path's small workspace where it has one (a filter by category
 * or place needs the imported ones). Then the history drawer of one item given 10,000 movements:
 * its first page and a page 5,000 movements back (keyset: `before`).
 */
async function everydayReads(user, small) {
  step = 'reads';
  const [category] = await user.json('/api/categories?limit=1');
  const [place] = await user.json('/api/locations?limit=1');
  const items = Number((await user.call('/api/inventory?limit=1')).headers.get('x-total-count'));
  const lastPage = Math.max(0, Math.floor((items - 1) / 100) * 100);
  const middlePage = Math.floor(items / 200) * 100;
  const middle = await user.call(`/api/inventory?limit=100&offset=${middlePage}&sort=currentStock&order=desc`);
  const afterMiddle = /^<([^>]+)>; rel="next"$/.exec(middle.headers.get('link'))[1];
  const calls = [
    ['inventory page (24 items)', '/api/inventory?limit=24', 50, true],
    ['inventory page (100), low stock', '/api/inventory?limit=100&status=low-stock', 50, true],
    ['inventory page (100), one category', `/api/inventory?limit=100&categoryId=${category.id}`, 50, false],
    ['inventory page (100), one place', `/api/inventory?limit=100&locationId=${place.id}`, 50, false],
    ['table page 20 (100 a page), by name', '/api/inventory?limit=100&offset=1900&sort=name', 50, true],
    // The table's last page, as its pager offers it, and one in the middle (docs/reports.md, "At scale").
    ['table, last page by name', `/api/inventory?limit=100&offset=${lastPage}&sort=name`, 50, false],
    ['table, last page newest first', `/api/inventory?limit=100&offset=${lastPage}`, 50, false],
    ['table, middle page by stock desc', `/api/inventory?limit=100&offset=${middlePage}&sort=currentStock&order=desc`, 50, false],
    ['table, the page after it, by its Link', afterMiddle, 50, false],
    ['search by name, 3 characters', '/api/inventory?limit=24&search=alv', 100, true],
    ['search by SKU', '/api/inventory?limit=24&search=SKU-00042', 100, true],
  ];
  const [hot] = await user.json('/api/inventory?limit=1');
  const MOVES = 10_000;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < MOVES; i = next++) {
        const body = JSON.stringify({ quantity: 1, movementType: 'in', reason: 'Bench' });
        await user.call(`/api/inventory/${hot.id}/stock`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      }
    }),
  );
  console.log(`${MOVES.toLocaleString('en-US')} movements on one item in ${seconds(started).toFixed(1)} s`);
  let before = '';
  for (let read = 0; read < 5_000; read += 100) {
    const page = await user.json(`/api/inventory/${hot.id}/movements?limit=100${before && `&before=${before}`}`);
    before = page.at(-1).id;
  }
  calls.push(
    ['history drawer, first page (50)', `/api/inventory/${hot.id}/movements?limit=50`, 50, false],
    ['history drawer, 5,000 movements back', `/api/inventory/${hot.id}/movements?limit=50&before=${before}`, 50, false],
  );
  if (stack) {
    // Measured as a workspace of that size at rest (#22's targets), as the scale bench measures its
    // own: every projection caught up with the import and the movements, the workers done with
    // their jobs (its alerts' notifications), the databases vacuumed.
    await projectionsCaughtUp(stack);
    const waited = await workersIdle(stack);
    console.log(`workers idle after ${waited.toFixed(1)} s`);
    await settleDatabases(stack);
  }
  const rows = [];
  for (const [name, path, target, comparable] of calls) {
    const big = await measureCalls(`${baseUrl}${path}`, user.cookie, { clients: 8, seconds: 4 });
    const base = comparable ? await measureCalls(`${baseUrl}${path}`, small.cookie, { clients: 8, seconds: 4 }) : null;
    rows.push({
      read: name,
      'p50 / p95 / p99 ms': `${big.p50} / ${big.p95} / ${big.p99}`,
      'req/s': big.perSecond,
      target: `p95 < ${target}: ${big.p95 < target && big.failures.length === 0 ? 'met' : 'MISSED'}`,
      'baseline p95': base ? base.p95 : '',
      'bench CPU ms/call': big.clientCpuMs.toFixed(2),
      failed: [...big.failures, ...(base?.failures ?? [])].join(', '),
    });
  }
  return rows;
}

/**
 * #22's last row: stock movements on random items (4 clients at a time) while a CSV report of every
 * item streams and the reporting read models are rebuilt from the whole stream, beside the same
 * movements on the quiet stack just before. Needs the private stack (the rebuild is its process).
 */
async function movementsUnderLoad(user) {
  step = 'under load';
  const ids = (await user.json('/api/inventory?limit=1000')).map((item) => item.id);
  const move = (dispatcher) =>
    request(`${baseUrl}/api/inventory/${ids[Math.floor(Math.random() * ids.length)]}/stock`, {
      method: 'POST',
      body: JSON.stringify({ quantity: 1, movementType: 'in', reason: 'Bench' }),
      headers: { cookie: user.cookie, 'x-csrf-token': user.token, 'content-type': 'application/json' },
      dispatcher,
    });
  const quiet = await measureLatency(move, { clients: 4, seconds: 10 });
  const exported = (async () => {
    const started = performance.now();
    const res = await user.call('/api/reports/inventory.csv?sort=name');
    let lines = 0;
    for await (const chunk of res.body) for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    return { rows: lines - 1, seconds: seconds(started) };
  })();
  const rebuilt = (async () => {
    const started = performance.now();
    const log = await stack.run('services/reporting/dist/rebuild.js');
    const events = [...log.matchAll(/reporting-[\w-]+: (\d+) events in/g)].reduce((sum, [, n]) => sum + Number(n), 0);
    return { events, seconds: seconds(started) };
  })();
  const loaded = await measureLatency(move, { clients: 4, until: Promise.all([exported, rebuilt]) });
  const [csv, rebuild] = await Promise.all([exported, rebuilt]);
  const row = (label, m) => ({
    movements: label,
    calls: m.calls,
    'p50 / p95 / p99 ms': `${m.p50} / ${m.p95} / ${m.p99}`,
    target: label === 'quiet' ? '' : `p99 < 150: ${m.p99 < 150 && m.failures.length === 0 ? 'met' : 'MISSED'}`,
    failed: m.failures.join(', '),
  });
  return {
    table: [row('quiet', quiet), row('during the export and the rebuild', loaded)],
    note:
      `CSV report of ${csv.rows.toLocaleString('en-US')} rows in ${csv.seconds.toFixed(1)} s; ` +
      `rebuild of ${rebuild.events.toLocaleString('en-US')} events in ${rebuild.seconds.toFixed(1)} s; movements measured for ${loaded.seconds.toFixed(1)} s`,
  };
}

/**
 * The inventory service's rebuild of the item list from every item event (docs/reports.md,
 * "Rebuilds"), alone: appends wait for it. Its own figure, from its log; rows/s are events/s.
 */
async function itemListRebuild() {
  step = 'item list rebuild';
  const log = await stack.run('services/inventory/dist/rebuild.js');
  const [, items, events, took] = log.match(/item views: (\d+) items from (\d+) events in ([\d.]+) s/) ?? [];
  if (!took) throw new Error(`the rebuild did not say what it rebuilt: ${log.slice(-500)}`);
  return {
    step: `item list rebuild (${Number(items).toLocaleString('en-US')} items from ${Number(events).toLocaleString('en-US')} events; rows/s: events/s)`,
    seconds: Number(took),
    'rows/s': rate(Number(events), Number(took)),
  };
}

/** Uploads a file, previews it (every row must be new) and runs the import to 'done': the seconds of each step. */
async function importFile(user, file, name) {
  step = 'upload';
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  let t = performance.now();
  const upload = await user.json('/api/imports', { method: 'POST', body: form });
  const uploadSeconds = seconds(t);

  step = 'preview';
  t = performance.now();
  const preview = await user.json(`/api/imports/${upload.id}/preview`, {
    method: 'POST',
    body: JSON.stringify({ mapping: upload.suggestedMapping, mode: 'create' }),
    headers: { 'content-type': 'application/json' },
  });
  if (preview.toCreate !== upload.rowCount) throw new Error(`preview: ${JSON.stringify(preview).slice(0, 300)}`);
  const previewSeconds = seconds(t);

  step = 'run';
  t = performance.now();
  await user.call(`/api/imports/${upload.id}/commit`, { method: 'POST' });
  const done = await waitFor(
    async () => {
      const view = await user.json(`/api/imports/${upload.id}`);
      if (view.status === 'failed') throw new Error(`import failed: ${view.failure}`);
      return view.status === 'done' && view;
    },
    1_800_000,
    250,
  );
  if (done.created !== upload.rowCount) throw new Error(`import: ${JSON.stringify(done)}`);
  return { rows: upload.rowCount, upload: uploadSeconds, preview: previewSeconds, run: seconds(t) };
}

const results = [];
try {
  // Baseline: the plain path, one item per request.
  const plain = await session('import-bench-plain');
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BASELINE_CONCURRENCY }, async () => {
      for (let i = next++; i < BASELINE_ITEMS; i = next++) {
        const body = JSON.stringify({ name: `Plain ${i}`, sku: `PL-${i}`, unitPrice: '1.50', currentStock: i % 500, reorderLevel: i % 50 });
        await plain.call('/api/inventory', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      }
    }),
  );
  const plainSeconds = seconds(started);
  results.push({
    step: `plain POST /api/inventory (${BASELINE_ITEMS} items, ${BASELINE_CONCURRENCY} at a time)`,
    seconds: plainSeconds,
    'rows/s': rate(BASELINE_ITEMS, plainSeconds),
  });

  const user = await session('import-bench');
  // One file, or parts of at most MAX_IMPORT_ROWS rows imported one after the other.
  const parts = ownFile
    ? [{ file: readFileSync(ownFile), name: basename(ownFile) }]
    : Array.from({ length: Math.ceil(ROWS / MAX_IMPORT_ROWS) }, (_, part) => ({
        first: part * MAX_IMPORT_ROWS,
        rows: Math.min(MAX_IMPORT_ROWS, ROWS - part * MAX_IMPORT_ROWS),
        name: `bench-${part + 1}.csv`,
      }));
  const spent = { upload: 0, preview: 0, run: 0 };
  let rows = 0;
  let megabytes = 0;
  const cpuBefore = cpuNow();
  if (pgStatements) await statementsReset(stack);
  for (const part of parts) {
    const file = part.file ?? generateCsv(part.rows, part.first);
    megabytes += file.length / 1048576;
    const imported = await importFile(user, file, part.name);
    rows += imported.rows;
    for (const key of Object.keys(spent)) spent[key] += imported[key];
  }
  chargeCpu('import run', cpuBefore);
  if (pgStatements) await printStatements(stack);
  const files = parts.length === 1 ? '' : `, ${parts.length} files`;
  const importSeconds = spent.run;
  results.push(
    { step: `upload (${megabytes.toFixed(1)} MB, ${rows} rows${files})`, seconds: spent.upload, 'rows/s': rate(rows, spent.upload) },
    { step: 'preview (every row checked)', seconds: spent.preview, 'rows/s': rate(rows, spent.preview) },
    { step: 'import run (to done)', seconds: importSeconds, 'rows/s': rate(rows, importSeconds) },
  );

  step = 'export';
  const t = performance.now();
  const res = await user.call('/api/export/items.csv');
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  results.push({
    step: `export items.csv (${(bytes / 1048576).toFixed(1)} MB, ${lines - 1} rows)`,
    seconds: seconds(t),
    'rows/s': rate(rows, seconds(t)),
  });

  const reads = await everydayReads(user, plain);
  // Printed at once: the phase after it may run out of disk at the largest sizes (a rebuild's copies).
  console.log(
    `\nEveryday reads at ${rows.toLocaleString('en-US')} items (8 clients, 4 s each; baseline: the plain path's ${BASELINE_ITEMS} items)`,
  );
  console.table(reads);
  const underLoad = stack ? await movementsUnderLoad(user) : null;
  if (stack) results.push(await itemListRebuild());

  for (const row of results) row.seconds = row.seconds.toFixed(2);
  console.table(results);
  console.log(`import run vs plain path: ${(plainSeconds / BASELINE_ITEMS / (importSeconds / rows)).toFixed(1)}× the rows/s`);
  clearInterval(sampler);
  const mb = (kb) => (kb === undefined ? '' : Math.round(kb / 1024));
  console.table(
    Object.fromEntries(
      [...peakRss].map(([name, peaks]) => [
        name,
        {
          'peak RSS MB': mb(peaks.get('all')),
          ...Object.fromEntries(['upload', 'preview', 'run', 'export', 'under load'].map((key) => [`MB ${key}`, mb(peaks.get(key))])),
          'CPU s in run': cpuUsed.get(name)?.['import run'],
        },
      ]),
    ),
  );
  console.log('CPU seconds during the import run: postgresql', cpuUsed.get('postgresql')?.['import run']);
  if (underLoad) {
    console.log(`\nStock movements on random items, 4 clients: ${underLoad.note}`);
    console.table(underLoad.table);
  }
  if (stack && process.env.BENCH_HOLD === '1') {
    console.log(`\nHolding the stack: ${stack.env.PG_URL} (Ctrl-C to stop)`);
    await new Promise((resolve) => ['SIGINT', 'SIGTERM'].forEach((signal) => process.once(signal, resolve)));
  }
} finally {
  clearInterval(sampler);
  await stack?.stop();
}
