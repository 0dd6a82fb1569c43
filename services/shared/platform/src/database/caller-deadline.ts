import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_RPC_TIMEOUT_MS } from '../rpc/rpc.js';
import { runSql } from './sql.js';
import { someCause } from './unavailable.js';

/**
 * Runs a read in one transaction whose statements PostgreSQL stops after `ms` (the caller's wait:
 * the gateway answers 504 after RPC_TIMEOUT_MS, by default DEFAULT_RPC_TIMEOUT_MS). Without it a report nobody waits for any
 * more runs on, and a few of them queue every other call behind them: at 1,000,000 items, eight
 * abandoned reports at a past instant made the next calls of every workspace time out too
 * (docs/reports.md, "At scale"). Statements run through `em` inside `read` take part, the
 * service's own `this.em` included (MikroORM's transaction context). They all read one snapshot
 * (repeatable read): a report's totals and its pages' parts agree even while events are applied.
 */
export function withinCallerDeadline<T>(em: EntityManager, read: () => Promise<T>, ms = DEFAULT_RPC_TIMEOUT_MS): Promise<T> {
  return em.transactional(
    async (tx) => {
      await runSql(tx, "SELECT set_config('statement_timeout', ?, true)", [String(ms)]);
      return read();
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}

/** Whether PostgreSQL stopped a statement at its deadline (SQLSTATE 57014, query_canceled). */
export function isStatementTimeout(error: unknown): boolean {
  return someCause(error, (cause) => (cause as { code?: unknown }).code === '57014');
}

export const STATEMENT_TIMED_OUT = 'This took too long and was stopped. Narrow it down (a search, a shorter period) and try again.';
