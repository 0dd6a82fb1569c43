import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CountSubjects, type Actor, type CountLineView, type CountSummary, type CountView } from '@inventory/contracts';
import { RpcActor, RpcWriter } from '@inventory/platform';
import { ApplyCountDto, CountRefDto, OpenCountDto, RecordCountDto } from './counts.dto.js';
import { CountsService } from './counts.service.js';

@Controller()
export class CountsController {
  constructor(private readonly counts: CountsService) {}

  @MessagePattern(CountSubjects.open)
  open(@RpcWriter() actor: Actor, @Payload('data') dto: OpenCountDto): Promise<CountView> {
    return this.counts.open(actor, dto);
  }

  @MessagePattern(CountSubjects.list)
  list(@RpcActor() actor: Actor): Promise<CountSummary[]> {
    return this.counts.list(actor);
  }

  @MessagePattern(CountSubjects.get)
  get(@RpcActor() actor: Actor, @Payload('data') dto: CountRefDto): Promise<CountView> {
    return this.counts.get(actor, dto);
  }

  @MessagePattern(CountSubjects.record)
  record(@RpcWriter() actor: Actor, @Payload('data') dto: RecordCountDto): Promise<CountLineView> {
    return this.counts.record(actor, dto);
  }

  @MessagePattern(CountSubjects.apply)
  apply(@RpcWriter() actor: Actor, @Payload('data') dto: ApplyCountDto): Promise<CountView> {
    return this.counts.apply(actor, dto);
  }

  @MessagePattern(CountSubjects.cancel)
  cancel(@RpcWriter() actor: Actor, @Payload('data') dto: CountRefDto): Promise<CountSummary> {
    return this.counts.cancel(actor, dto);
  }
}
