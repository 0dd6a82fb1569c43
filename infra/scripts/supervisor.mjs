// Keeps the app's processes running for `npm start` and the browser tests: a process that exits
// without being asked to is started again after a delay that doubles on each quick crash (0.5 s up
// to 30 s) and is reset once it has stayed up for a while. Every exit and restart is logged.
// The README ("The two commands") describes it to users.
import { spawn } from 'node:child_process';

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
/** A process up this long counts as healthy again: its next crash restarts it at once (first delay). */
const STABLE_AFTER_MS = 30_000;
const STOP_GRACE_MS = 10_000;

/**
 * Supervises one process: `{ name, command, args, options }` with spawn's arguments. `onOutput(name,
 * stream, chunk)` receives its stdout/stderr, `log(name, text)` the supervisor's own lines.
 */
export function supervise(
  { name, command, args, options },
  { onOutput, log, firstDelayMs = FIRST_DELAY_MS, stableAfterMs = STABLE_AFTER_MS } = {},
) {
  let child;
  let stopping = false;
  let delay = firstDelayMs;
  let restartTimer;
  let starts = 0;

  const start = () => {
    starts += 1;
    const startedAt = Date.now();
    child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => onOutput?.(name, 'stdout', chunk));
    child.stderr.on('data', (chunk) => onOutput?.(name, 'stderr', chunk));
    child.on('error', (error) => log?.(name, `could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= stableAfterMs) delay = firstDelayMs;
      log?.(name, `exited (${signal ?? `code ${code}`}); restarting in ${(delay / 1000).toFixed(1)} s`);
      restartTimer = setTimeout(start, delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    });
  };
  start();

  return {
    name,
    get pid() {
      return child?.pid;
    },
    get starts() {
      return starts;
    },
    /** SIGTERM (the process drains and exits), then SIGKILL after the grace period. */
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        clearTimeout(restartTimer);
        if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        child.once('exit', () => (clearTimeout(kill), resolve()));
        child.kill('SIGTERM');
      }),
  };
}
