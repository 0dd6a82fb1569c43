import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ApiTokenSubjects as S, type Actor, type RpcResponse } from '@inventory/contracts';
import { RpcActor } from '@inventory/platform';
import { ApiTokenCheckDto, ApiTokenRefDto, ApiTokenRequestDto } from './api-tokens.dto.js';
import { ApiTokensService } from './api-tokens.service.js';

type Answer<T extends keyof typeof S> = Promise<RpcResponse<(typeof S)[T]>>;

@Controller()
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @MessagePattern(S.create)
  create(@RpcActor() actor: Actor, @Payload('data') dto: ApiTokenRequestDto): Answer<'create'> {
    return this.tokens.create(actor, dto);
  }

  @MessagePattern(S.list)
  list(@RpcActor() actor: Actor): Answer<'list'> {
    return this.tokens.list(actor);
  }

  @MessagePattern(S.revoke)
  revoke(@RpcActor() actor: Actor, @Payload('data') dto: ApiTokenRefDto): Answer<'revoke'> {
    return this.tokens.revoke(actor, dto);
  }

  /** The gateway's check of a presented bearer token (no actor yet: this is how it gets one). */
  @MessagePattern(S.authenticate)
  authenticate(@Payload('data') dto: ApiTokenCheckDto): Answer<'authenticate'> {
    return this.tokens.authenticate(dto);
  }
}
