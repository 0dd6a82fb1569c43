import { Logger } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { createServer, type Server } from 'node:http';

/**
 * This process's Prometheus metrics (docs/operations.md, "Metrics"): Node's own (CPU, memory, event
 * loop lag, garbage collection) and the ones below, each fed where the thing it measures happens.
 */
export const metrics = new Registry();

/** Latency buckets from 1 ms to 10 s: an RPC or a request past the RPC timeout is a failure anyway. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Time a service took to answer a request on the bus, by subject and outcome (ok or the error's code). */
export const rpcServerDuration = new Histogram({
  name: 'rpc_server_duration_seconds',
  help: 'Time a service took to answer a NATS request, by subject and outcome.',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metrics],
});

/** Time the gateway took to answer an HTTP request, by method, route pattern and status. */
export const httpServerDuration = new Histogram({
  name: 'http_server_duration_seconds',
  help: 'Time the gateway took to answer an HTTP request, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metrics],
});

/**
 * A gauge read when Prometheus scrapes (a count in the database, a queue's depth): nothing is
 * polled between scrapes, and a reading that fails leaves its series out of that scrape. Several
 * owners (two queues, two consumers) may read into one gauge. Returns the owner's way out, for
 * when it closes.
 */
export function gaugeOnScrape<L extends string>(
  config: { name: string; help: string; labelNames: readonly L[] },
  read: () => Promise<{ labels: Record<L, string>; value: number }[]>,
): () => void {
  if (!metrics.getSingleMetric(config.name)) new Gauge<L>({ ...config, registers: [metrics], collect: () => readAll(config.name) });
  const reader = read as Reader;
  readers.set(config.name, [...(readers.get(config.name) ?? []), reader]);
  return () =>
    readers.set(
      config.name,
      (readers.get(config.name) ?? []).filter((r) => r !== reader),
    );
}

type Reader = () => Promise<{ labels: Record<string, string>; value: number }[]>;
const readers = new Map<string, Reader[]>();

async function readAll(name: string): Promise<void> {
  const gauge = metrics.getSingleMetric(name) as Gauge<string>;
  const readings = await Promise.all((readers.get(name) ?? []).map((read) => read().catch(() => [])));
  gauge.reset();
  for (const { labels, value } of readings.flat()) gauge.set(labels, value);
}

/**
 * Serves `GET /metrics` on its own port (METRICS_PORT; unset: off), apart from the API: a
 * service talks only NATS, and the gateway's metrics must not be public. Every series carries the
 * process's name (`process="inventory-worker"`).
 */
export function startMetricsServer(processName: string, port: number | undefined, host = '127.0.0.1'): Server | undefined {
  if (port === undefined) return undefined;
  metrics.setDefaultLabels({ process: processName });
  // Started only where metrics are served: Node's collectors keep timers and observers running
  // (an event-loop delay sampler every 10 ms), which a process without a metrics port should not pay.
  if (!metrics.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics({ register: metrics });
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.contentType }).end(text),
      (error: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(error.message),
    );
  });
  server.on('error', (error) => new Logger('Metrics').warn(`metrics not served on ${host}:${port}: ${error.message}`));
  server.listen(port, host, () => new Logger('Metrics').log(`serving /metrics on ${host}:${port}`));
  server.unref();
  return server;
}
