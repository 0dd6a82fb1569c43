import { ApiProperty } from '@nestjs/swagger';
import {
  PUSH_ENDPOINT_MAX_LENGTH,
  type NotificationChannels,
  type PushEndpointRef,
  type PushSubscriptionRequest,
  type UnsubscribeEmailRequest,
  type UnsubscribeEmailResult,
} from '@inventory/contracts';
import { PushEndpoint, PushKey, PushKeys, UnsubscribeToken } from '@inventory/platform';

export class PushKeysBody {
  @ApiProperty({ description: "The browser's P-256 public key, base64url" })
  @PushKey(200)
  p256dh: string;

  @ApiProperty({ description: 'The authentication secret, base64url' })
  @PushKey(100)
  auth: string;
}

/** PushSubscription.toJSON() from the browser, without expirationTime. */
export class PushSubscriptionBody implements PushSubscriptionRequest {
  @ApiProperty({
    maxLength: PUSH_ENDPOINT_MAX_LENGTH,
    example: 'https://fcm.googleapis.com/fcm/send/…',
    description: "The push service's URL (https, a known push service)",
  })
  @PushEndpoint()
  endpoint: string;

  @ApiProperty({ type: PushKeysBody })
  @PushKeys(() => PushKeysBody)
  keys: PushKeysBody;
}

export class PushEndpointBody implements PushEndpointRef {
  @ApiProperty({ maxLength: PUSH_ENDPOINT_MAX_LENGTH })
  @PushEndpoint()
  endpoint: string;
}

export class UnsubscribeBody implements UnsubscribeEmailRequest {
  @ApiProperty({ description: 'The token from the email’s unsubscribe link' })
  @UnsubscribeToken()
  token: string;
}

/** The one-click unsubscribe of mail clients (RFC 8058) sends the token in the query. */
export class UnsubscribeQuery implements UnsubscribeEmailRequest {
  @ApiProperty({ description: 'The token from the email’s List-Unsubscribe header' })
  @UnsubscribeToken()
  token: string;
}

/** Response shapes, for the OpenAPI description. */
export class NotificationChannelsDto implements NotificationChannels {
  @ApiProperty({ description: 'The server can send email (SMTP is set up)' }) email: boolean;
  @ApiProperty({ description: 'The server can send Web Push (VAPID keys are set up)' }) push: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The VAPID public key (base64url) to subscribe with' }) pushPublicKey:
    string | null;
}

export class PushEndpointDto implements PushEndpointRef {
  @ApiProperty() endpoint: string;
}

export class UnsubscribeResultDto implements UnsubscribeEmailResult {
  @ApiProperty({ description: 'The address whose email notifications are now off' }) email: string;
}
