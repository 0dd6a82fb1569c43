import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type Actor, type PublicUser, type UserDeletion } from '@inventory/contracts';
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
  update(@RpcActor() actor: Actor, @Payload('data') dto: UserUpdateDto): Promise<PublicUser> {
    return this.users.update(actor, dto);
  }

  @MessagePattern(IdentitySubjects.deleteUser)
  delete(@RpcActor() actor: Actor, @Payload('data') dto: UserRefDto): Promise<UserDeletion> {
    return this.users.delete(actor, dto);
  }
}
