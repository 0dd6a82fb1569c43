import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type Actor, type PublicUser } from '@inventory/contracts';
import { ExternalSignInDto, PasswordSignInDto, RegisterDto, SuperAdminSignInDto } from './accounts.dto.js';
import { AccountsService } from './accounts.service.js';

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @MessagePattern(IdentitySubjects.register)
  register(@Payload('data') dto: RegisterDto): Promise<PublicUser> {
    return this.accounts.register(dto);
  }

  @MessagePattern(IdentitySubjects.signInWithPassword)
  signInWithPassword(@Payload('data') dto: PasswordSignInDto): Promise<PublicUser> {
    return this.accounts.signInWithPassword(dto);
  }

  @MessagePattern(IdentitySubjects.signInSuperAdmin)
  signInSuperAdmin(@Payload('data') dto: SuperAdminSignInDto): Promise<PublicUser> {
    return this.accounts.signInSuperAdmin(dto);
  }

  @MessagePattern(IdentitySubjects.signInDemo)
  signInDemo(): Promise<PublicUser> {
    return this.accounts.signInDemo();
  }

  @MessagePattern(IdentitySubjects.signInExternal)
  signInExternal(@Payload('data') dto: ExternalSignInDto, @Payload('actor') actor?: Actor): Promise<PublicUser> {
    return this.accounts.signInExternal(dto, actor);
  }
}
