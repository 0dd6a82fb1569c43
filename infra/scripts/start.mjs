// `npm start`: installs what is missing, starts the servers, builds, runs every process of the app
// and prints the URL. Ctrl-C stops the app processes; the servers keep running for a fast restart
// (`npm run stack:down` stops them).
import { buildAll, ensureDependencies, say, stackUp, startApp, waitForHealth } from './lib.mjs';
import { seedDemoInventory } from './seed-demo.mjs';

const started = Date.now();
ensureDependencies();
say('starting PostgreSQL, Redis, NATS JetStream, the S3 store and the mail catcher');
const serverEnv = stackUp(process.env.STACK_PROFILE ?? 'dev');
say('building (unchanged projects come from the Nx cache)');
buildAll();

const port = process.env.PORT ?? '3000';
// PUBLIC_URL: the links in notification emails and pushes point at this app.
const env = {
  PUBLIC_URL: `http://localhost:${port}`,
  ...process.env,
  ...serverEnv,
  PORT: port,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
};
say('starting the services, workers and the gateway');
const app = startApp(env);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  say('stopping the app processes');
  await app.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

try {
  await waitForHealth(`http://127.0.0.1:${port}`);
  // A failed seed leaves a working app: say why and carry on.
  say(await seedDemoInventory(`http://127.0.0.1:${port}`).catch((error) => `demo data not seeded: ${error.message}`));
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s → http://localhost:${port}  (Ctrl-C to stop)`);
  say(`mail the app sends (mail catcher) → ${serverEnv.MAIL_INBOX_URL}`);
} catch (error) {
  console.error(error.message);
  await shutdown();
}
