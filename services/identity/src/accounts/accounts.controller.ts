import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, type Actor, type CurrentUser } from '@inventory/contracts';
import { ExternalSignInDto, PasswordSignInDto, RegisterDto, SuperAdminSignInDto } from './accounts.dto.js';
import { AccountsService } from './accounts.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';

/** Every sign-in answers the user with the workspace the new session opens in. */
@Controller()
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly workspaces: WorkspacesService,
  ) {}

  @MessagePattern(IdentitySubjects.register)
  async register(@Payload('data') dto: RegisterDto): Promise<CurrentUser> {
    return this.workspaces.withWorkspace(await this.accounts.register(dto));
  }

  @MessagePattern(IdentitySubjects.signInWithPassword)
  async signInWithPassword(@Payload('data') dto: PasswordSignInDto): Promise<CurrentUser> {
    return this.workspaces.withWorkspace(await this.accounts.signInWithPassword(dto));
  }

  @MessagePattern(IdentitySubjects.signInSuperAdmin)
  async signInSuperAdmin(@Payload('data') dto: SuperAdminSignInDto): Promise<CurrentUser> {
    return this.workspaces.withWorkspace(await this.accounts.signInSuperAdmin(dto));
  }

  @MessagePattern(IdentitySubjects.signInDemo)
  async signInDemo(): Promise<CurrentUser> {
    return this.workspaces.withWorkspace(await this.accounts.signInDemo());
  }

  @MessagePattern(IdentitySubjects.signInExternal)
  async signInExternal(@Payload('data') dto: ExternalSignInDto, @Payload('actor') actor?: Actor): Promise<CurrentUser> {
    return this.workspaces.withWorkspace(await this.accounts.signInExternal(dto, actor));
  }
}
