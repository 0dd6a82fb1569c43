import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope, LocationEvent } from '@inventory/contracts';
import type { EventHandler } from '@inventory/platform';
import { randomUUID } from 'node:crypto';
import { sqlOf } from '../database/sql.js';
import { detachFromItems } from './detach.js';
import { deleteReplica, upsertReplica } from './replica-rows.js';

/**
 * Location names for the item views. A deleted location is no item's home any more, and the stock
 * held there moves to each item's unassigned bucket (a StockRelocated movement).
 */
@Injectable()
export class LocationReplica implements EventHandler {
  async handle(envelope: EventEnvelope, em: EntityManager): Promise<void> {
    const event = envelope as LocationEvent;
    const workspaceId = event.metadata.workspaceId;
    switch (event.type) {
      case 'LocationCreated':
      case 'LocationUpdated':
        return upsertReplica(em, 'location_replicas', event.data.locationId, workspaceId, event.data.name);
      case 'LocationDeleted': {
        const { locationId } = event.data;
        await deleteReplica(em, 'location_replicas', locationId, workspaceId);
        const items = await sqlOf(em)<{ id: string }>(
          'SELECT id FROM item_views WHERE workspace_id = ? AND (location_id = ? OR stock @> ?::jsonb) ORDER BY id',
          [workspaceId, locationId, JSON.stringify([{ locationId }])],
        );
        return detachFromItems(em, event, items, () => ({ type: 'DetachLocation', data: { locationId, movementId: randomUUID() } }));
      }
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await sqlOf(em)('DELETE FROM location_replicas');
  }

  async clearWorkspace(workspaceId: string, em: EntityManager): Promise<void> {
    await sqlOf(em)('DELETE FROM location_replicas WHERE workspace_id = ?', [workspaceId]);
  }
}
