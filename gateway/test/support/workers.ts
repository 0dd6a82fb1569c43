import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { jobsDrained } from '@inventory/platform/testing';
import { ALERTS_QUEUE } from '../../../services/inventory/src/alerts/alert-jobs.js';
import { WorkerModule } from '../../../services/inventory/src/worker.module.js';

/**
 * The inventory worker (low-stock alert jobs), returned once the alert jobs earlier test files left
 * (an export test's thousand 0/0 items) are worked off: jobs are first come, first served, and a
 * test waiting a few seconds for its own alert would otherwise wait behind that backlog.
 */
export async function startInventoryWorker(): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error', 'warn'] });
  await jobsDrained(ALERTS_QUEUE);
  return worker;
}
