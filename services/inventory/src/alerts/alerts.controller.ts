import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InventorySubjects, type Actor, type LowStockAlertView } from '@inventory/contracts';
import { RpcActor, RpcWriter } from '@inventory/platform';
import { AlertIdDto } from './alerts.dto.js';
import { AlertsService } from './alerts.service.js';

@Controller()
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @MessagePattern(InventorySubjects.listLowStockAlerts)
  listUnread(@RpcActor() actor: Actor): Promise<LowStockAlertView[]> {
    return this.alerts.listUnread(actor);
  }

  @MessagePattern(InventorySubjects.markAlertRead)
  markRead(@RpcWriter() actor: Actor, @Payload('data') dto: AlertIdDto): Promise<LowStockAlertView> {
    return this.alerts.markRead(actor, dto);
  }
}
