import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiTokenSubjects as S, type Actor, type ApiTokenView, type CreatedApiToken } from '@inventory/contracts';
import { CurrentActor } from '../auth/index.js';
import { IdentityClient } from '../nats/service-clients.js';
import { SessionsService } from '../auth/session/sessions.service.js';
import { ApiTokenBody, ApiTokenDto, CreatedApiTokenDto } from './api-tokens.dto.js';

/** Personal API tokens (docs/api.md). Managed only from a signed-in session, never with a token. */
@ApiTags('api tokens')
@Controller('tokens')
export class ApiTokensController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly sessions: SessionsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your live API tokens, newest first (never their secrets)' })
  @ApiOkResponse({ type: ApiTokenDto, isArray: true })
  list(@CurrentActor() actor: Actor): Promise<ApiTokenView[]> {
    return this.identity.call(S.list, undefined, actor);
  }

  @Post()
  @ApiOperation({ summary: 'Create a token for one of your workspaces, with a role up to yours; the secret is shown once' })
  @ApiCreatedResponse({ type: CreatedApiTokenDto })
  @ApiForbiddenResponse({ description: 'A token cannot have a higher role than yours in that workspace' })
  @ApiNotFoundResponse({ description: 'Not one of your workspaces' })
  @ApiConflictResponse({ description: 'At most 50 live tokens per user' })
  create(@CurrentActor() actor: Actor, @Body() body: ApiTokenBody): Promise<CreatedApiToken> {
    return this.identity.call(S.create, body, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a token: refused at once on every gateway' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'API token not found' })
  async revoke(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.identity.call(S.revoke, { id }, actor);
    await this.sessions.forgetTokensOf(actor.userId);
  }
}
