import { IsIn, IsInt, IsOptional, IsString, IsUrl, isURL, Max, Min, ValidateBy } from 'class-validator';

const url = { require_tld: false, require_protocol: true, protocols: ['nats', 'tls', 'postgres', 'postgresql', 'redis', 'rediss'] };

/** One NATS server's URL, or a cluster's, comma-separated: the client fails over between them. */
const IsNatsServers = () =>
  ValidateBy({
    name: 'isNatsServers',
    validator: {
      validate: (value) => typeof value === 'string' && value.split(',').every((server) => isURL(server.trim(), url)),
      defaultMessage: (args) => `${args?.property ?? 'NATS_URL'} must be a URL, or several separated by commas`,
    },
  });

/** Variables every process needs to reach NATS. Types are written out: decorator metadata drives the coercion. */
export class NatsEnv {
  @IsNatsServers()
  NATS_URL: string = 'nats://127.0.0.1:14222';

  /**
   * Copies JetStream keeps of the events stream: 3 on a 3-node NATS cluster, so that one node lost
   * loses nothing (docs/operations.md, "The cluster"). Unset: a new stream gets one, an existing one
   * keeps its count.
   */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5)
  EVENTS_STREAM_REPLICAS?: number;

  /** How long a NATS request may take before the caller gives up (504). */
  @IsInt()
  @Min(50)
  @Max(120_000)
  RPC_TIMEOUT_MS: number = 5000;

  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  /** Touched every 5 s while the process runs, for a container health check (unset: off). */
  @IsOptional()
  @IsString()
  LIVENESS_FILE?: string;

  /** `json`: one JSON object per log line (pino), for a log collector; `text`: readable lines (docs/operations.md, "Logs"). */
  @IsIn(['text', 'json'])
  LOG_FORMAT: 'text' | 'json' = 'text';

  /** Port of the process's Prometheus metrics, GET /metrics (unset: off; docs/operations.md, "Metrics"). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65_535)
  METRICS_PORT?: number;

  /** Address the metrics port listens on: 0.0.0.0 in a container, for the scraper on the network. */
  @IsString()
  METRICS_HOST: string = '127.0.0.1';
}

/** A service: NATS plus its own PostgreSQL database. */
export class ServiceEnv extends NatsEnv {
  @IsUrl(url)
  PG_URL: string = 'postgres://postgres@127.0.0.1:15432';
}
