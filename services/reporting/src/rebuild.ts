import 'reflect-metadata';
import { runRebuild } from '@inventory/platform';
import { reportingModules } from './app.module.js';

/**
 * `npm run rebuild -w @inventory/reporting`: rebuilds every reporting read model from the event
 * history while the service keeps running (each model in one transaction; readers see the old rows
 * until it commits, the live consumer waits and then skips what the rebuild applied).
 */
await runRebuild(reportingModules({ startConsumers: false }));
