// `npm test`: the same set-up as `npm start` on the test profile's own servers, then every unit,
// integration and browser test. Exits non-zero when anything fails.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll, ensureDependencies, freePort, ROOT, say, stackUp, startApp, typecheckAll, waitForHealth } from './lib.mjs';
import { seedDemoInventory } from './seed-demo.mjs';
import { testEnv } from './test-env.mjs';

const started = Date.now();
// Each step says when it began, so that a slow one shows in CI's log.
const step = (name) => say(`${name} (at ${((Date.now() - started) / 1000).toFixed(0)} s)`);
ensureDependencies();
step('starting the test servers');
const testStack = stackUp('test');
const env = { ...process.env, ...testEnv, ...testStack };
// The integration tests run two files at a time, each worker on servers of its own (the test and
// test2 profiles: infra/jest/stack-per-worker.mjs). Metrics ports apart too: some tests start the app.
const integrationStacks = [
  { ...testStack, STACK_PROFILE: 'test', METRICS_PORT_BASE: testEnv.METRICS_PORT_BASE },
  { ...stackUp('test2'), STACK_PROFILE: 'test2', METRICS_PORT_BASE: '21400' },
];
step('building');
buildAll();

// Guard rails first, fast: a lint, format, boundary or type error fails the run before any test.
// ESLint and Prettier run while the type check does: each keeps about one core of two busy.
const guardRails = [
  ['lint and module boundaries (eslint)', ['node_modules/eslint/bin/eslint.js', '.']],
  ['formatting (prettier --check)', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.']],
].map(([name, args]) => {
  step(name);
  const check = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve) => check.on('close', (status) => resolve({ name, status })));
});
step('typecheck (every project, tests included)');
let typecheckError;
try {
  typecheckAll();
} catch (error) {
  typecheckError = error;
}
const failures = (await Promise.all(guardRails)).filter(({ status }) => status !== 0).map(({ name }) => `${name} failed`);
if (typecheckError) failures.push(typecheckError.message);
if (failures.length > 0) {
  console.error(failures.join('\n'));
  console.log('0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

const reports = join(ROOT, 'artifacts', 'jest');
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function jest(project, extraArgs = [], extraEnv = {}) {
  step(`${project} tests`);
  const out = join(reports, `${project}.json`);
  const result = spawnSync(
    process.execPath,
    [
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
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...env, ...extraEnv } },
  );
  try {
    const summary = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests + summary.numRuntimeErrorTestSuites;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
  } catch {
    totals.failed += 1;
  }
  if (result.status !== 0) ok = false;
}

jest('unit');
// Two files at a time, one per stack, each in a worker that is replaced once it holds over 1 GB
// after a file: each file loads Nest, MikroORM and the services afresh (ESM modules are not freed
// between files), and in one process the heap grew past 3 GB over the suite, until GC pauses timed
// out NATS calls. One file alone keeps about one core of two busy.
jest('integration', [`--maxWorkers=${integrationStacks.length}`, '--workerIdleMemoryLimit=1GB'], {
  INTEGRATION_STACKS: JSON.stringify(integrationStacks),
});

// Browser tests drive the real app: every process started as `npm start` does, on a test port.
const e2ePort = process.env.E2E_PORT ?? String(await freePort(23000));
step('starting the app for the browser tests');
const app = startApp(
  { PUBLIC_URL: `http://127.0.0.1:${e2ePort}`, ...env, PORT: e2ePort, LOG_LEVEL: 'warn' },
  { quiet: !process.env.E2E_APP_LOGS },
);
try {
  await waitForHealth(`http://127.0.0.1:${e2ePort}`);
  // The browser tests run against the app as `npm start` leaves it, demo data included.
  say(await seedDemoInventory(`http://127.0.0.1:${e2ePort}`));
  jest('e2e', ['--runInBand'], { E2E_BASE_URL: `http://127.0.0.1:${e2ePort}` });
} catch (error) {
  console.error(error.message);
  ok = false;
  totals.failed += 1;
} finally {
  await app.stop();
}

console.log(`\nall tests in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
