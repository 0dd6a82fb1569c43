import type { PushEndpointRef, PushSubscriptionRequest, UnsubscribeEmailRequest } from '@inventory/contracts';
import { PushEndpoint, PushKey, PushKeys, UnsubscribeToken } from '@inventory/platform';

export class PushKeysDto {
  @PushKey(200)
  p256dh!: string;

  @PushKey(100)
  auth!: string;
}

export class PushSubscriptionDto implements PushSubscriptionRequest {
  @PushEndpoint()
  endpoint!: string;

  @PushKeys(() => PushKeysDto)
  keys!: PushKeysDto;
}

export class PushEndpointDto implements PushEndpointRef {
  @PushEndpoint()
  endpoint!: string;
}

export class UnsubscribeEmailDto implements UnsubscribeEmailRequest {
  @UnsubscribeToken()
  token!: string;
}
