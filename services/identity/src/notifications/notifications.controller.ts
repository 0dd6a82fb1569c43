import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  NotificationSubjects as S,
  type Actor,
  type NotificationChannels,
  type PushEndpointRef,
  type UnsubscribeEmailResult,
} from '@inventory/contracts';
import { RpcActor } from '@inventory/platform';
import { PushEndpointDto, PushSubscriptionDto, UnsubscribeEmailDto } from './notifications.dto.js';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @MessagePattern(S.channels)
  channels(): NotificationChannels {
    return this.notifications.channels();
  }

  @MessagePattern(S.subscribePush)
  subscribePush(@RpcActor() actor: Actor, @Payload('data') dto: PushSubscriptionDto): Promise<PushEndpointRef> {
    return this.notifications.subscribePush(actor, dto);
  }

  @MessagePattern(S.unsubscribePush)
  unsubscribePush(@RpcActor() actor: Actor, @Payload('data') dto: PushEndpointDto): Promise<PushEndpointRef> {
    return this.notifications.unsubscribePush(actor, dto);
  }

  /** Public: the token from the email authenticates. */
  @MessagePattern(S.unsubscribeEmail)
  unsubscribeEmail(@Payload('data') dto: UnsubscribeEmailDto): Promise<UnsubscribeEmailResult> {
    return this.notifications.unsubscribeEmail(dto);
  }
}
