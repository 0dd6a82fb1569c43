import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DemoSubjects, type Actor } from '@inventory/contracts';
import { RpcDemoActor } from '@inventory/platform';
import { DemoItemSeedDto } from './demo.dto.js';
import { DemoService } from './demo.service.js';

/** The inventory's steps of the demo reset (docs/demo.md); only the demo account reaches them. */
@Controller()
export class DemoController {
  constructor(private readonly demo: DemoService) {}

  @MessagePattern(DemoSubjects.clearInventory)
  clear(@RpcDemoActor() actor: Actor): Promise<null> {
    return this.demo.clear(actor).then(() => null);
  }

  @MessagePattern(DemoSubjects.seedItem)
  seedItem(@RpcDemoActor() actor: Actor, @Payload('data') seed: DemoItemSeedDto): Promise<{ written: boolean }> {
    return this.demo.seedItem(actor, seed);
  }
}
