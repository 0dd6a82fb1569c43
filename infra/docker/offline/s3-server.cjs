/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose: s3rver's internals are reached by require() in the container */
// s3rver on 0.0.0.0:9000 with data in /data. It only knows the access key S3RVER by default, so
// the MinIO credentials from the environment are registered as a second key pair.
const S3rver = require('s3rver');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');

const user = process.env.MINIO_ROOT_USER || 'minioadmin';
const password = process.env.MINIO_ROOT_PASSWORD || 'minioadmin';
DUMMY_ACCOUNT.createKeyPair(user, password);

const server = new S3rver({
  address: '0.0.0.0',
  port: Number(process.env.S3_PORT || 9000),
  directory: process.env.S3_DATA_DIR || '/data',
  vhostBuckets: false,
  silent: process.env.S3_SILENT !== 'false',
});
server.run().then(
  ({ address, port }) => console.log(`s3rver listening on ${address}:${port}`),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.close().finally(() => process.exit(0)));
}
