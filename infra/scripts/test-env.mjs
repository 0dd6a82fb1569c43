// Environment of the test profile: its own servers (ports +10000, data in .data/test), so tests
// never touch the data of a running `npm start`.
const off = 10000;
export const testEnv = {
  STACK_PROFILE: 'test',
  NODE_ENV: 'test',
  PG_URL: `postgres://postgres@127.0.0.1:${15432 + off}`,
  REDIS_URL: `redis://127.0.0.1:${16379 + off}`,
  NATS_URL: `nats://127.0.0.1:${14222 + off}`,
  NATS_MONITOR_URL: `http://127.0.0.1:${18222 + off}`,
  S3_ENDPOINT: '127.0.0.1',
  S3_PORT: String(19000 + off),
  LOG_LEVEL: 'warn',
};
