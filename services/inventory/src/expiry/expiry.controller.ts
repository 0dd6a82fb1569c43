import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InventorySubjects, type Actor, type ExpiringLotView, type InventorySettings } from '@inventory/contracts';
import { RpcActor, RpcWriter } from '@inventory/platform';
import { InventorySettingsDto } from './expiry.dto.js';
import { ExpiryService } from './expiry.service.js';

@Controller()
export class ExpiryController {
  constructor(private readonly expiry: ExpiryService) {}

  @MessagePattern(InventorySubjects.listExpiringLots)
  listExpiring(@RpcActor() actor: Actor): Promise<ExpiringLotView[]> {
    return this.expiry.listExpiring(actor);
  }

  @MessagePattern(InventorySubjects.getSettings)
  settings(@RpcActor() actor: Actor): Promise<InventorySettings> {
    return this.expiry.settings(actor);
  }

  @MessagePattern(InventorySubjects.updateSettings)
  updateSettings(@RpcWriter() actor: Actor, @Payload('data') dto: InventorySettingsDto): Promise<InventorySettings> {
    return this.expiry.updateSettings(actor, dto);
  }
}
