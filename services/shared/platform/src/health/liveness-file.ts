import { writeFile } from 'node:fs/promises';

const BEAT_MS = 5_000;

/**
 * Touches `path` every 5 s while the event loop runs, so a container health check can tell a live
 * process from a wedged one without a port of its own (a service only talks NATS, and a request to
 * `<service>.health.check` would reach any member of its queue group, not this container). The
 * check: the file changed in the last 20 s (infra/docker/*.Dockerfile). No path: nothing to do.
 */
export function startLivenessFile(path: string | undefined): () => void {
  if (!path) return () => undefined;
  const beat = () => void writeFile(path, String(Date.now())).catch(() => undefined);
  beat();
  const timer = setInterval(beat, BEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
