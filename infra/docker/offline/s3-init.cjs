// One-shot (compose's minio-init in offline mode): creates S3_BUCKET on the store if it is not
// there yet. s3rver accepts unsigned requests, so plain HTTP is enough.
const base = `http://${process.env.S3_ENDPOINT || 'minio'}:${process.env.S3_PORT || 9000}`;
const bucket = process.env.S3_BUCKET || 'inventory-images';

async function main() {
  for (let attempt = 1; ; attempt++) {
    try {
      const head = await fetch(`${base}/${bucket}`, { method: 'HEAD' });
      if (head.ok) return console.log(`bucket ${bucket} exists`);
      const put = await fetch(`${base}/${bucket}`, { method: 'PUT' });
      if (put.ok) return console.log(`bucket ${bucket} created`);
      throw new Error(`PUT /${bucket}: ${put.status} ${await put.text()}`);
    } catch (error) {
      if (attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
