import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DemoSubjects, type Actor } from '@inventory/contracts';
import { RpcDemoActor } from '@inventory/platform';
import { NotificationsService } from '../notifications/notifications.service.js';
import { ProfileService } from '../profile/profile.service.js';

/** Identity's step of the demo reset (docs/demo.md): the shared account's own settings go back to the defaults. */
@Controller()
export class DemoController {
  constructor(
    private readonly profile: ProfileService,
    private readonly notifications: NotificationsService,
  ) {}

  @MessagePattern(DemoSubjects.clearIdentity)
  async clear(@RpcDemoActor() actor: Actor): Promise<null> {
    await this.profile.resetPreferences(actor);
    await this.notifications.unsubscribeAllPush(actor);
    return null;
  }
}
