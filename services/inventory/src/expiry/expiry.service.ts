import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { WorkspaceMessages, WorkspacePermissions, type Actor, type ExpiringLotView, type InventorySettings } from '@inventory/contracts';
import { ServiceError } from '@inventory/platform';
import { sqlOf } from '../database/sql.js';
import { expiringLots, utcDay, warningDays } from './expiring-lots.js';
import type { InventorySettingsDto } from './expiry.dto.js';

/** The workspace's expiring lots (the 'Expiring' report) and its expiry warning (docs/expiry.md). */
@Injectable()
export class ExpiryService {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async listExpiring(actor: Actor): Promise<ExpiringLotView[]> {
    const lots = await expiringLots(this.orm.em.fork(), utcDay(), { workspaceId: actor.workspaceId });
    return lots.get(actor.workspaceId) ?? [];
  }

  async settings(actor: Actor): Promise<InventorySettings> {
    return { expiryWarningDays: await warningDays(this.orm.em.fork(), actor.workspaceId) };
  }

  async updateSettings(actor: Actor, { expiryWarningDays }: InventorySettingsDto): Promise<InventorySettings> {
    if (!WorkspacePermissions.manageMembers(actor.workspaceRole)) throw new ServiceError('FORBIDDEN', WorkspaceMessages.roleForbids);
    await sqlOf(this.orm.em.fork())(
      `INSERT INTO inventory_settings (workspace_id, expiry_warning_days) VALUES (?, ?)
       ON CONFLICT (workspace_id) DO UPDATE SET expiry_warning_days = excluded.expiry_warning_days, updated_at = now()`,
      [actor.workspaceId, expiryWarningDays],
    );
    return { expiryWarningDays };
  }
}
