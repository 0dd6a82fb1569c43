import type { EntityManager } from '@mikro-orm/postgresql';
import { needsReorder, type AlertNotification } from '@inventory/contracts';
import { sqlOf } from '../database/sql.js';
import { findAlert } from './alert-views.js';
import type { AlertJob } from './low-stock.js';

/**
 * Writes what an alert job asks for, in the caller's transaction, and returns the notification to
 * send when something visible changed. Jobs of one item may run in any order or twice:
 * - the alert's id is its crossing's event id, so a crossing never yields two alerts;
 * - a raise closes older crossings still open (a newer crossing means they ended);
 * - a raise older than an alert already written is stored as resolved;
 * - a resolve that runs before its raise stores the alert as resolved, and the raise keeps it so.
 * An item purged with its user gets no alert.
 */
export async function applyAlertJob(em: EntityManager, job: AlertJob): Promise<AlertNotification | null> {
  // One item's jobs run one at a time (the worker runs several jobs at once): two raises of one item
  // side by side would both see no open alert and the second would break alerts_one_open_per_item,
  // then wait out an exponential retry backoff.
  await sqlOf(em)('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`alert:${job.itemId}`]);
  return job.kind === 'raise' ? raise(em, job) : resolve(em, job);
}

async function raise(em: EntityManager, job: Extract<AlertJob, { kind: 'raise' }>): Promise<AlertNotification | null> {
  const sql = sqlOf(em);
  const { itemId, workspaceId, crossing } = job;
  await sql('UPDATE alerts SET resolved_at = ? WHERE item_id = ? AND resolved_at IS NULL AND crossing_version < ?', [
    crossing.at,
    itemId,
    crossing.version,
  ]);
  const [inserted] = await sql<{ resolved_at: Date | null }>(
    `INSERT INTO alerts (id, workspace_id, item_id, crossing_version, created_at, resolved_at)
     SELECT ?, ?, ?, ?, ?, (SELECT min(created_at) FROM alerts WHERE item_id = ? AND crossing_version > ?)
      WHERE EXISTS (SELECT 1 FROM item_views WHERE id = ? AND workspace_id = ?)
     ON CONFLICT (id) DO NOTHING RETURNING resolved_at`,
    [crossing.eventId, workspaceId, itemId, crossing.version, crossing.at, itemId, crossing.version, itemId, workspaceId],
  );
  if (!inserted || inserted.resolved_at) return null;
  const alert = await findAlert(em, workspaceId, crossing.eventId);
  // Stock back above the level before this job ran: the crossing is over (its resolve job follows),
  // and a notice of "4 left, reorder level 2" would alarm no one for nothing.
  if (!alert || !needsReorder(alert.item.currentStock, alert.item.reorderLevel)) return null;
  return { kind: 'raised', workspaceId, alert };
}

async function resolve(em: EntityManager, job: Extract<AlertJob, { kind: 'resolve' }>): Promise<AlertNotification | null> {
  const { itemId, workspaceId, crossing, resolvedAt } = job;
  const [resolved] = await sqlOf(em)(
    `INSERT INTO alerts (id, workspace_id, item_id, crossing_version, created_at, resolved_at)
     SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM item_views WHERE id = ? AND workspace_id = ?)
     ON CONFLICT (id) DO UPDATE SET resolved_at = excluded.resolved_at WHERE alerts.resolved_at IS NULL
     RETURNING id`,
    [crossing.eventId, workspaceId, itemId, crossing.version, crossing.at, resolvedAt, itemId, workspaceId],
  );
  return resolved ? { kind: 'resolved', workspaceId, alertId: crossing.eventId, itemId } : null;
}
