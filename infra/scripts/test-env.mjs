// Environment of the test profile: its own servers (ports +10000, data in .data/test), so tests
// never touch the data of a running `npm start`. Tests reach NATS as the tools user
// (infra/nats/auth.mjs), whose password the test stack wrote when it first started.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { natsUrlFor, TOOLS_USER } from '../nats/auth.mjs';

const off = 10000;
const natsUrl = `nats://127.0.0.1:${14222 + off}`;
const credentialsFile = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.data', 'test', 'nats', 'credentials.json');
const credentials = existsSync(credentialsFile) ? JSON.parse(readFileSync(credentialsFile, 'utf8')) : undefined;

export const testEnv = {
  STACK_PROFILE: 'test',
  NODE_ENV: 'test',
  PG_URL: `postgres://postgres@127.0.0.1:${15432 + off}`,
  REDIS_URL: `redis://127.0.0.1:${16379 + off}`,
  NATS_URL: credentials ? natsUrlFor(natsUrl, TOOLS_USER, credentials) : natsUrl,
  NATS_CREDENTIALS_FILE: credentialsFile,
  NATS_MONITOR_URL: `http://127.0.0.1:${18222 + off}`,
  S3_ENDPOINT: '127.0.0.1',
  S3_PORT: String(19000 + off),
  LOG_LEVEL: 'warn',
};
