import { Logger } from '@nestjs/common';
import { startProcessProbes } from '@inventory/platform';
import { createGatewayApp } from './app.factory.js';
import { getEnv } from './config/env.js';

const env = getEnv();
const app = await createGatewayApp();
await app.listen(env.PORT, env.HOST);
startProcessProbes('gateway', env);
new Logger('gateway').log(`listening on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`);
