import { createService } from '@inventory/platform';
import { AppModule } from './app.module.js';
import { getEnv } from './config/env.js';

await createService({ name: 'identity', module: AppModule, natsUrl: getEnv().NATS_URL, probes: getEnv() });
