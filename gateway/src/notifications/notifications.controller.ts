import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  NotificationSubjects as S,
  type Actor,
  type NotificationChannels,
  type PushEndpointRef,
  type UnsubscribeEmailResult,
} from '@inventory/contracts';
import { CurrentActor, Public, WithoutCookie } from '../auth/index.js';
import { IdentityClient } from '../nats/service-clients.js';
import {
  NotificationChannelsDto,
  PushEndpointBody,
  PushEndpointDto,
  PushSubscriptionBody,
  UnsubscribeBody,
  UnsubscribeQuery,
  UnsubscribeResultDto,
} from './notifications.dto.js';

/** Email and Web Push delivery (docs/notifications.md); the preferences themselves are under /api/auth/preferences. */
@ApiTags('notifications')
@Controller()
export class NotificationsController {
  constructor(private readonly identity: IdentityClient) {}

  @Get('notifications/channels')
  @ApiOperation({ summary: 'Which channels this server delivers on (the toggles say when one is not set up)' })
  @ApiOkResponse({ type: NotificationChannelsDto })
  channels(@CurrentActor() actor: Actor): Promise<NotificationChannels> {
    return this.identity.call(S.channels, undefined, actor);
  }

  @Post('push/subscriptions')
  @ApiOperation({
    summary: "Receive Web Push in this browser (its PushSubscription); a browser's subscription moves to whoever subscribes it last",
  })
  @ApiCreatedResponse({ type: PushEndpointDto })
  @ApiBadRequestResponse({ description: "'This push service is not supported', or a malformed subscription" })
  subscribe(@CurrentActor() actor: Actor, @Body() body: PushSubscriptionBody): Promise<PushEndpointRef> {
    return this.identity.call(S.subscribePush, body, actor);
  }

  @Delete('push/subscriptions')
  @HttpCode(204)
  @ApiOperation({ summary: 'Stop Web Push to this browser' })
  @ApiNoContentResponse()
  async unsubscribe(@CurrentActor() actor: Actor, @Body() body: PushEndpointBody): Promise<void> {
    await this.identity.call(S.unsubscribePush, body, actor);
  }

  @Public()
  @WithoutCookie()
  @Post('notifications/unsubscribe')
  @HttpCode(200)
  @ApiOperation({ summary: "Turn email notifications off with an email's unsubscribe token (no sign-in)" })
  @ApiOkResponse({ type: UnsubscribeResultDto })
  @ApiBadRequestResponse({ description: "'This unsubscribe link is not valid'" })
  unsubscribeEmail(@Body() body: UnsubscribeBody): Promise<UnsubscribeEmailResult> {
    return this.identity.call(S.unsubscribeEmail, body);
  }

  /** The List-Unsubscribe URL: mail clients POST `List-Unsubscribe=One-Click` to it (RFC 8058). */
  @Public()
  @WithoutCookie()
  @Post('notifications/unsubscribe/one-click')
  @HttpCode(200)
  @ApiOperation({ summary: "Mail clients' one-click unsubscribe (RFC 8058): the token in the query, the form body ignored" })
  @ApiOkResponse({ type: UnsubscribeResultDto })
  @ApiBadRequestResponse({ description: "'This unsubscribe link is not valid'" })
  unsubscribeOneClick(@Query() query: UnsubscribeQuery): Promise<UnsubscribeEmailResult> {
    return this.identity.call(S.unsubscribeEmail, { token: query.token });
  }
}
