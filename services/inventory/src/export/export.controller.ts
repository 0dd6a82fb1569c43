import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ExportSubjects, type Actor, type ExportItemsPage, type ExportMovementsPage } from '@inventory/contracts';
import { RpcActor } from '@inventory/platform';
import { ExportItemsPageDto, ExportMovementsPageDto } from './export.dto.js';
import { ExportService } from './export.service.js';

/** Exports are reads: any member of the workspace may ask, viewers included. */
@Controller()
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @MessagePattern(ExportSubjects.items)
  items(@RpcActor() actor: Actor, @Payload('data') dto: ExportItemsPageDto): Promise<ExportItemsPage> {
    return this.exports.itemsPage(actor, dto);
  }

  @MessagePattern(ExportSubjects.movements)
  movements(@RpcActor() actor: Actor, @Payload('data') dto: ExportMovementsPageDto): Promise<ExportMovementsPage> {
    return this.exports.movementsPage(actor, dto);
  }
}
