import { Controller, Get, Inject, Param, Patch, Sse, type MessageEvent } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AlertStreamEvents, InventorySubjects, type Actor, type LowStockAlertView } from '@inventory/contracts';
import { rpc } from '@inventory/platform';
import { interval, map, merge, type Observable } from 'rxjs';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { getEnv } from '../config/env.js';
import { NATS_CLIENT } from '../nats/nats-client.module.js';
import { AlertNotifications } from './alert-notifications.js';
import { LowStockAlertDto } from './alerts.dto.js';

/** Keeps idle event streams open through proxies that close silent connections. */
const HEARTBEAT_MS = 25_000;

@ApiTags('alerts')
@WorkspaceData()
@Controller('alerts')
export class AlertsController {
  private readonly timeoutMs = getEnv().RPC_TIMEOUT_MS;

  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    private readonly notifications: AlertNotifications,
  ) {}

  @Get('low-stock')
  @ApiOperation({ summary: 'Your unread low-stock alerts, newest first' })
  @ApiOkResponse({ type: LowStockAlertDto, isArray: true })
  lowStock(@CurrentActor() actor: Actor): Promise<LowStockAlertView[]> {
    return rpc(this.nats, InventorySubjects.listLowStockAlerts, undefined, { actor, timeoutMs: this.timeoutMs });
  }

  @Patch(':id/read')
  @ApiOperation({ summary: 'Mark an alert read: it leaves the list' })
  @ApiOkResponse({ type: LowStockAlertDto })
  @ApiNotFoundResponse({ description: "'Alert not found' (another user's alert answers the same)" })
  markRead(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<LowStockAlertView> {
    return rpc(this.nats, InventorySubjects.markAlertRead, { id }, { actor, timeoutMs: this.timeoutMs });
  }

  @Sse('stream')
  @ApiOperation({
    summary:
      'Server-sent events: "low-stock-alert" (data: the alert), "alert-resolved" (data: { alertId, itemId }), "heartbeat". At most ALERT_STREAMS_PER_USER open per user: a new one ends the oldest',
  })
  @ApiProduces('text/event-stream')
  stream(@CurrentActor() actor: Actor): Observable<MessageEvent> {
    return this.notifications.openStream(actor.userId, actor.workspaceId, (changes) =>
      merge(
        changes.pipe(
          map((change): MessageEvent =>
            change.kind === 'raised'
              ? { type: AlertStreamEvents.raised, data: change.alert }
              : { type: AlertStreamEvents.resolved, data: { alertId: change.alertId, itemId: change.itemId } },
          ),
        ),
        interval(HEARTBEAT_MS).pipe(map((): MessageEvent => ({ type: AlertStreamEvents.heartbeat, data: '' }))),
      ),
    );
  }
}
