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
// The test stack makes its VAPID keys when it first starts (infra/local-stack.sh).
const vapidFile = join(dirname(credentialsFile), '..', 'vapid.json');
const vapid = existsSync(vapidFile) ? JSON.parse(readFileSync(vapidFile, 'utf8')) : undefined;
const testTls = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-tls');

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
  SMTP_URL: `smtp://127.0.0.1:${1025 + off}`,
  MAIL_INBOX_URL: `http://127.0.0.1:${1080 + off}`,
  METRICS_PORT_BASE: String(9400 + off),
  ...(vapid && { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }),
  // Tests run their own push service on 127.0.0.1, over https with a test-only certificate.
  PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com,127.0.0.1',
  NODE_EXTRA_CA_CERTS: join(testTls, 'localhost.crt'),
  // Digests go out fast enough for a test to wait for them.
  EMAIL_DIGEST_WINDOW_MS: '1500',
  LOG_LEVEL: 'warn',
  // No scheduled demo resets: the launcher sets the demo up once and tests reset it when they mean to.
  DEMO_RESET_HOURS: '0',
};
