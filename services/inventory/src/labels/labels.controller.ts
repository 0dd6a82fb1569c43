import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LabelSubjects, type Actor, type LabelPdfPieces } from '@inventory/contracts';
import { inChunks, RpcActor } from '@inventory/platform';
import type { Observable } from 'rxjs';
import { ItemLabelsDto, LocationLabelsDto } from './labels.dto.js';
import { LabelsService } from './labels.service.js';

/** Labels are reads: any member of the workspace may print them, viewers included. */
@Controller()
export class LabelsController {
  constructor(private readonly labels: LabelsService) {}

  @MessagePattern(LabelSubjects.items)
  async items(@RpcActor() actor: Actor, @Payload('data') dto: ItemLabelsDto): Promise<Observable<LabelPdfPieces>> {
    return inChunks(await this.labels.itemLabels(actor, dto));
  }

  @MessagePattern(LabelSubjects.locations)
  async locations(@RpcActor() actor: Actor, @Payload('data') dto: LocationLabelsDto): Promise<Observable<LabelPdfPieces>> {
    return inChunks(await this.labels.locationLabels(actor, dto));
  }
}
