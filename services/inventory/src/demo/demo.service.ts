import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { DEMO_ITEMS, type Actor } from '@inventory/contracts';
import { EventsRuntime, ServiceError, workspaceClearedEvent, writeOutbox } from '@inventory/platform';
import { randomUUID } from 'node:crypto';
import { sqlOf } from '../database/sql.js';
import type { CommandContext } from '../items/write/command.js';
import { decideItems } from '../items/write/decide-items.js';
import { awaitReferences } from '../replicas/references.js';
import { deleteOwnedRecords } from '../workspaces/workspace-purge.projection.js';
import { itemHistory } from './demo-history.js';
import type { DemoItemSeedDto } from './demo.dto.js';

/**
 * The inventory's part of the demo reset (docs/demo.md). Backdated writes exist only here: the
 * history's times come from the recipe (demo-history.ts), never from a caller, and only the demo
 * account in its own workspace reaches these handlers (RpcDemoActor).
 */
@Injectable()
export class DemoService {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventsRuntime,
  ) {}

  /** Removes the workspace's items, history, alerts, imports and counts; one WorkspaceCleared tells the read models. */
  async clear(actor: Actor): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      await deleteOwnedRecords(em, actor.workspaceId);
      // Answers saved for the shared demo account's Idempotency-Keys name items that are gone.
      await sqlOf(em)('DELETE FROM idempotency_keys WHERE user_id = ?', [actor.userId]);
      await writeOutbox(em, [workspaceClearedEvent('inventory', actor)]);
    });
    await this.events.flushOutbox();
  }

  /** Writes one sample item with its 90 days of history, each command at its own time; nothing if it is there. */
  async seedItem(actor: Actor, seed: DemoItemSeedDto): Promise<{ written: boolean }> {
    const number = DEMO_ITEMS.findIndex((item) => item.sku === seed.sku) + 1;
    const [there] = await sqlOf(this.orm.em.fork())(
      'SELECT 1 FROM item_views WHERE workspace_id = ? AND lower(sku) = lower(?) AND is_active',
      [actor.workspaceId, seed.sku],
    );
    if (there) return { written: false };
    const itemId = randomUUID();
    const em = this.orm.em.fork();
    await awaitReferences(em, {
      categoryIds: seed.categoryId ? [seed.categoryId] : [],
      locationIds: [seed.locationId, seed.transferToLocationId].filter((id): id is string => id !== null),
    });
    const context: Omit<CommandContext, 'occurredAt'> = { workspaceId: actor.workspaceId, userId: actor.userId, userName: actor.userName };
    for (const { at, command } of itemHistory(DEMO_ITEMS[number - 1], number, seed)) {
      await em.fork().transactional(async (tx) => {
        const { outcomes, append } = await decideItems(
          tx,
          [{ itemId, requests: [{ context: { ...context, occurredAt: at }, commands: [command] }] }],
          {
            lock: true,
          },
        );
        const [[outcome]] = outcomes;
        if (outcome instanceof ServiceError) throw outcome;
        await append();
      });
    }
    await this.events.flushOutbox();
    return { written: true };
  }
}
