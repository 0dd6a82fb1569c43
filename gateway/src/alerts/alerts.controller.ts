import { Controller, Get, Param, Patch, type MessageEvent } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AlertStreamEvents, IdentitySubjects, InventorySubjects, type Actor, type LowStockAlertView } from '@inventory/contracts';
import { catchError, concatMap, defer, filter, ignoreElements, interval, map, merge, of, shareReplay, type Observable } from 'rxjs';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { LiveStream } from '../lifecycle/shutdown.js';
import { IdentityClient, InventoryClient } from '../nats/service-clients.js';
import { AlertNotifications } from './alert-notifications.js';
import { LowStockAlertDto } from './alerts.dto.js';

/** Keeps idle event streams open through proxies that close silent connections. */
const HEARTBEAT_MS = 25_000;

@ApiTags('alerts')
@WorkspaceData()
@Controller('alerts')
export class AlertsController {
  constructor(
    private readonly inventory: InventoryClient,
    private readonly notifications: AlertNotifications,
    private readonly identity: IdentityClient,
  ) {}

  /** The bell shows low-stock alerts only to users whose 'Low Stock Alerts' preference is on. */
  private async wantsLowStock(actor: Actor): Promise<boolean> {
    return (await this.identity.call(IdentitySubjects.getPreferences, undefined, actor)).lowStock;
  }

  @Get('low-stock')
  @ApiOperation({ summary: "Your unread low-stock alerts, newest first (none while your 'Low Stock Alerts' preference is off)" })
  @ApiOkResponse({ type: LowStockAlertDto, isArray: true })
  async lowStock(@CurrentActor() actor: Actor): Promise<LowStockAlertView[]> {
    if (!(await this.wantsLowStock(actor))) return [];
    return this.inventory.call(InventorySubjects.listLowStockAlerts, undefined, actor);
  }

  @Patch(':id/read')
  @ApiOperation({ summary: 'Mark an alert read: it leaves the list' })
  @ApiOkResponse({ type: LowStockAlertDto })
  @ApiNotFoundResponse({ description: "'Alert not found' (another user's alert answers the same)" })
  markRead(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<LowStockAlertView> {
    return this.inventory.call(InventorySubjects.markAlertRead, { id }, actor);
  }

  @LiveStream('stream')
  @ApiOperation({
    summary:
      'Server-sent events: "low-stock-alert" (data: the alert), "alert-resolved" (data: { alertId, itemId }), "heartbeat". No alert events while your \'Low Stock Alerts\' preference is off (a change of it restarts the stream). At most ALERT_STREAMS_PER_USER open per user: a new one ends the oldest',
  })
  @ApiProduces('text/event-stream')
  stream(@CurrentActor() actor: Actor): Observable<MessageEvent> {
    // Identity unreachable: the alerts still show (the bell is the safer default). Asked once, at
    // once; the changes are followed from the start too and wait for its answer, so that an alert
    // raised while it is asked (the stream already shows as open) is not lost.
    const wanted = defer(() => this.wantsLowStock(actor)).pipe(
      catchError(() => of(true)),
      shareReplay(1),
    );
    return this.notifications.openStream(actor.userId, actor.workspaceId, (changes) =>
      merge(
        wanted.pipe(ignoreElements()),
        changes.pipe(
          concatMap((change) =>
            wanted.pipe(
              filter(Boolean),
              map(() => change),
            ),
          ),
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
