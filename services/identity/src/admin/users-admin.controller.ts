import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type Actor, type PublicUser, type UserRef } from '@inventory/contracts';
import { RpcActor } from '@inventory/platform';
import { UserRefDto, UserUpdateDto } from './users-admin.dto.js';
import { UsersAdminService } from './users-admin.service.js';

@Controller()
export class UsersAdminController {
  constructor(private readonly users: UsersAdminService) {}

  @MessagePattern(IdentitySubjects.listUsers)
  list(@RpcActor() actor: Actor): Promise<PublicUser[]> {
    return this.users.list(actor);
  }

  @MessagePattern(IdentitySubjects.updateUser)
  update(@Payload('data') dto: UserUpdateDto, @RpcActor() actor: Actor): Promise<PublicUser> {
    return this.users.update(dto, actor);
  }

  @MessagePattern(IdentitySubjects.deleteUser)
  delete(@Payload('data') dto: UserRefDto, @RpcActor() actor: Actor): Promise<UserRef> {
    return this.users.delete(dto, actor);
  }
}
