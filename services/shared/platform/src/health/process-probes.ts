import type { NatsEnv } from '../env/common.env.js';
import { startMetricsServer } from '../metrics/metrics.js';
import { startLivenessFile } from './liveness-file.js';

/** What a process shows of itself to its supervisor and to monitoring (docs/operations.md). */
export type ProcessProbes = Pick<NatsEnv, 'LIVENESS_FILE' | 'METRICS_PORT' | 'METRICS_HOST'>;

/** Starts the liveness file and the metrics port that `probes` asks for (each is off when unset). */
export function startProcessProbes(processName: string, probes: ProcessProbes): void {
  startLivenessFile(probes.LIVENESS_FILE);
  startMetricsServer(processName, probes.METRICS_PORT, probes.METRICS_HOST);
}
