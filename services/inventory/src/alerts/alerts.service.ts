import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { InventoryMessages as M, type Actor, type LowStockAlertView } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { isUUID } from 'class-validator';
import { sqlOf } from '../database/sql.js';
import { findAlert, listUnreadAlerts } from './alert-views.js';
import type { AlertIdDto } from './alerts.dto.js';

/** The user's low-stock alerts (written by the worker). */
@Injectable()
export class AlertsService {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  listUnread(actor: Actor): Promise<LowStockAlertView[]> {
    return listUnreadAlerts(this.orm.em.fork(), actor.workspaceId);
  }

  /** Read alerts leave the list; the alert stays open until stock is back above the level. */
  async markRead(actor: Actor, { id }: AlertIdDto): Promise<LowStockAlertView> {
    const em = this.orm.em.fork();
    const updated = isUUID(id)
      ? await sqlOf(em)('UPDATE alerts SET is_read = true WHERE id = ? AND workspace_id = ? RETURNING id', [id, actor.workspaceId])
      : [];
    const alert = updated.length > 0 ? await findAlert(em, actor.workspaceId, id) : null;
    if (!alert) throw new ServiceError('NOT_FOUND', M.alertNotFound);
    return alert;
  }
}
