import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
// @ts-expect-error plain ESM script without type declarations
import { supervise } from './supervisor.mjs';

/** A process that records each start in a file and then idles, like a service. */
function idler() {
  const dir = mkdtempSync(join(tmpdir(), 'supervisor-'));
  const script = join(dir, 'idle.mjs');
  const starts = join(dir, 'starts.log');
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs'; appendFileSync(${JSON.stringify(starts)}, process.pid + '\\n'); setInterval(() => {}, 1000);`,
  );
  return { script, startedPids: () => readFileSync(starts, 'utf8').trim().split('\n').map(Number) };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('the process supervisor of npm start', () => {
  it('starts a process killed with SIGKILL again and logs it', async () => {
    const { script, startedPids } = idler();
    const lines: string[] = [];
    const proc = supervise(
      { name: 'inventory', command: process.execPath, args: [script], options: {} },
      { log: (_: string, text: string) => lines.push(text), firstDelayMs: 50 },
    );
    try {
      await until(() => {
        try {
          return startedPids().length === 1;
        } catch {
          return false;
        }
      });
      const first = proc.pid;
      process.kill(first, 'SIGKILL');
      await until(() => startedPids().length === 2);
      expect(proc.pid).not.toBe(first);
      expect(lines).toEqual([expect.stringMatching(/^exited \(SIGKILL\); restarting in 0\.1 s$/)]);
    } finally {
      await proc.stop();
    }
  });

  it('backs off when a process keeps crashing, and stop() ends it for good', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supervisor-'));
    const script = join(dir, 'crash.mjs');
    writeFileSync(script, 'process.exit(3);');
    const lines: string[] = [];
    const proc = supervise(
      { name: 'worker', command: process.execPath, args: [script], options: {} },
      { log: (_: string, text: string) => lines.push(text), firstDelayMs: 40 },
    );
    await until(() => lines.length >= 3);
    await proc.stop();
    expect(lines.slice(0, 3)).toEqual([
      'exited (code 3); restarting in 0.0 s',
      'exited (code 3); restarting in 0.1 s',
      'exited (code 3); restarting in 0.2 s',
    ]);
    const startsAtStop = proc.starts;
    await sleep(400);
    expect(proc.starts).toBe(startsAtStop);
  });
});
