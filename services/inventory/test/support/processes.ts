import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root and the built entry points the recovery tests start as real processes. */
export const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
export const SERVICE = `${ROOT}services/inventory/dist/main.js`;
export const WORKER = `${ROOT}services/inventory/dist/main.worker.js`;

/**
 * Processes a test starts and kills. Each one's output goes to `artifacts/logs/<test>-<n>.log`, so a
 * failure in CI shows why a process did not serve. After `stopAll()` nothing starts again: a test
 * that timed out must not leave a loop restarting processes behind it (they would hold Jest open).
 */
export class TestProcesses {
  private readonly running = new Set<ChildProcess>();
  private started = 0;
  private stopped = false;

  constructor(private readonly name: string) {
    for (const script of [SERVICE, WORKER])
      if (!existsSync(script)) throw new Error('Build first: npx nx run-many -t build --exclude=@inventory/web');
  }

  get stopping(): boolean {
    return this.stopped;
  }

  start(script: string, env: Record<string, string> = {}): ChildProcess {
    if (this.stopped) throw new Error(`${this.name}: stopped, not starting ${basename(script)}`);
    const logs = join(ROOT, 'artifacts', 'logs');
    mkdirSync(logs, { recursive: true });
    const log = createWriteStream(join(logs, `${this.name}-${++this.started}-${basename(script, '.js')}.log`));
    const child = spawn(process.execPath, [script], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    this.running.add(child);
    child.once('exit', () => this.running.delete(child));
    child.once('close', (code, signal) => log.end(`\n[exit ${signal ?? code}]\n`));
    return child;
  }

  async kill(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stopAll(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.running].map((child) => this.kill(child)));
  }
}
