import 'reflect-metadata';
import { runRebuild } from '@inventory/platform';
import { catalogModules } from './app.module.js';

/** `npm run rebuild -w @inventory/catalog`: rebuilds every read model from the event history. */
await runRebuild(catalogModules({ startConsumers: false }));
