import 'reflect-metadata';
import { runRebuild } from '@inventory/platform';
import { locationsModules } from './app.module.js';

/** `npm run rebuild -w @inventory/locations`: rebuilds every read model from the event history. */
await runRebuild(locationsModules({ startConsumers: false }));
