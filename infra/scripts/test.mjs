// `npm test`: the same set-up as `npm start` on the test profile's own servers, then every unit,
// integration and browser test. Exits non-zero when anything fails.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll, ensureDependencies, freePort, ROOT, say, stackUp, startApp, typecheckAll, waitForHealth } from './lib.mjs';
import { seedDemoInventory } from './seed-demo.mjs';
import { testEnv } from './test-env.mjs';

const started = Date.now();
ensureDependencies();
say('starting the test servers');
const env = { ...process.env, ...testEnv, ...stackUp('test') };
// The browser tests run on servers of their own (the e2e profile), so that they can run beside the
// integration tests: those start and stop services, workers and whole servers on the bus and
// databases of the test profile. Metrics ports apart too: some integration tests start the app.
const e2eEnv = { ...process.env, ...testEnv, ...stackUp('e2e'), STACK_PROFILE: 'e2e', METRICS_PORT_BASE: '21400' };
say('building');
buildAll();

// Guard rails first, fast: a lint, format, boundary or type error fails the run before any test.
// ESLint and Prettier run while the type check does (each mostly on one core of two).
const guardRails = [
  ['lint and module boundaries (eslint)', ['node_modules/eslint/bin/eslint.js', '.']],
  ['formatting (prettier --check)', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.']],
].map(([name, args]) => {
  say(name);
  return exitOf(spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' })).then((status) => ({ name, status }));
});
say('typecheck (every project, tests included)');
let typecheckError;
try {
  typecheckAll();
} catch (error) {
  typecheckError = error;
}
for (const { name, status } of await Promise.all(guardRails)) if (status !== 0) fail(`${name} failed`);
if (typecheckError) fail(typecheckError.message);

const reports = join(ROOT, 'artifacts', 'jest');
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

/** One Jest project; resolves when it has ended and its results are counted. */
async function jest(project, extraArgs = [], { env: jestEnv = env, log, yielding = false } = {}) {
  say(`${project} tests${log ? ` (their output follows when they end)` : ''}`);
  const out = join(reports, `${project}.json`);
  const node = [
    process.execPath,
    '--experimental-vm-modules',
    'node_modules/jest/bin/jest.js',
    '--selectProjects',
    project,
    '--json',
    `--outputFile=${out}`,
    // A test that leaves a handle open must not hold the run until CI's time limit; Jest still
    // names the leak ("Force exiting Jest…") and the results are already written.
    '--forceExit',
    ...extraArgs,
  ];
  // `yielding`: at a lower priority (nice 10), so that tests running beside it go at full speed.
  const [command, ...args] = yielding ? ['nice', '-n', '10', ...node] : node;
  const child = spawn(command, args, { cwd: ROOT, stdio: log ? ['ignore', log, log] : 'inherit', env: jestEnv });
  const status = await exitOf(child);
  try {
    const summary = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests + summary.numRuntimeErrorTestSuites;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
  } catch {
    totals.failed += 1;
  }
  if (status !== 0) ok = false;
}

/**
 * Browser tests drive the real app: every process started as `npm start` does, on a test port, on
 * the e2e servers. Their output is kept in a file while the integration tests write theirs.
 */
async function browserTests() {
  const logFile = join(ROOT, 'artifacts', 'e2e.log');
  const log = openSync(logFile, 'w');
  const e2ePort = process.env.E2E_PORT ?? String(await freePort(23000));
  say('starting the app for the browser tests');
  const app = startApp(
    { PUBLIC_URL: `http://127.0.0.1:${e2ePort}`, ...e2eEnv, PORT: e2ePort, LOG_LEVEL: 'warn' },
    { quiet: !process.env.E2E_APP_LOGS },
  );
  try {
    await waitForHealth(`http://127.0.0.1:${e2ePort}`);
    // The browser tests run against the app as `npm start` leaves it, demo data included.
    say(await seedDemoInventory(`http://127.0.0.1:${e2ePort}`));
    await jest('e2e', ['--runInBand'], { env: { ...e2eEnv, E2E_BASE_URL: `http://127.0.0.1:${e2ePort}` }, log });
  } catch (error) {
    console.error(error.message);
    ok = false;
    totals.failed += 1;
  } finally {
    await app.stop();
    closeSync(log);
  }
  return logFile;
}

// Side by side, which roughly halves the time of the two (docs/operations.md, "Tests"): the
// integration tests keep one core busy about half the time, the browser tests the other.
const browser = browserTests();
await jest('unit', [], { yielding: true });
// One file at a time, in a worker that is replaced once it holds over 1 GB after a file: each
// file loads Nest, MikroORM and the services afresh (ESM modules are not freed between files),
// and in one process the heap grew past 3 GB over the suite, until GC pauses timed out NATS calls.
await jest('integration', ['--maxWorkers=1', '--workerIdleMemoryLimit=1GB'], { yielding: true });
const e2eLog = await browser;
say('e2e tests (their output)');
process.stdout.write(readFileSync(e2eLog));

console.log(`\nall tests in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);

function exitOf(child) {
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

function fail(message) {
  console.error(message);
  console.log('0 passed, 1 failed, 0 skipped');
  process.exit(1);
}
