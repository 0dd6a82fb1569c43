import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WorkspaceSubjects as S, type Actor, type RpcResponse } from '@inventory/contracts';
import { RpcActor } from '@inventory/platform';
import {
  InvitationRefDto,
  InvitationRequestDto,
  InvitationTokenDto,
  MemberRefDto,
  MemberRoleDto,
  WorkspaceNameDto,
  WorkspaceRefDto,
  WorkspaceRenameDto,
} from './workspaces.dto.js';
import { WorkspacesService } from './workspaces.service.js';

type Answer<T extends keyof typeof S> = Promise<RpcResponse<(typeof S)[T]>>;

@Controller()
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @MessagePattern(S.list)
  list(@RpcActor() actor: Actor): Answer<'list'> {
    return this.workspaces.list(actor);
  }

  @MessagePattern(S.create)
  create(@RpcActor() actor: Actor, @Payload('data') dto: WorkspaceNameDto): Answer<'create'> {
    return this.workspaces.create(actor, dto);
  }

  @MessagePattern(S.rename)
  rename(@RpcActor() actor: Actor, @Payload('data') dto: WorkspaceRenameDto): Answer<'rename'> {
    return this.workspaces.rename(actor, dto);
  }

  @MessagePattern(S.delete)
  delete(@RpcActor() actor: Actor, @Payload('data') dto: WorkspaceRefDto): Answer<'delete'> {
    return this.workspaces.delete(actor, dto);
  }

  @MessagePattern(S.switch)
  switch(@RpcActor() actor: Actor, @Payload('data') dto: WorkspaceRefDto): Answer<'switch'> {
    return this.workspaces.switch(actor, dto);
  }

  @MessagePattern(S.listMembers)
  members(@RpcActor() actor: Actor, @Payload('data') dto: WorkspaceRefDto): Answer<'listMembers'> {
    return this.workspaces.members(actor, dto);
  }

  @MessagePattern(S.changeMemberRole)
  changeRole(@RpcActor() actor: Actor, @Payload('data') dto: MemberRoleDto): Answer<'changeMemberRole'> {
    return this.workspaces.changeRole(actor, dto);
  }

  @MessagePattern(S.removeMember)
  removeMember(@RpcActor() actor: Actor, @Payload('data') dto: MemberRefDto): Answer<'removeMember'> {
    return this.workspaces.removeMember(actor, dto);
  }

  @MessagePattern(S.invite)
  invite(@RpcActor() actor: Actor, @Payload('data') dto: InvitationRequestDto): Answer<'invite'> {
    return this.workspaces.invite(actor, dto);
  }

  @MessagePattern(S.listInvitations)
  invitations(@RpcActor() actor: Actor, @Payload('data') dto: WorkspaceRefDto): Answer<'listInvitations'> {
    return this.workspaces.invitations(actor, dto);
  }

  @MessagePattern(S.revokeInvitation)
  revoke(@RpcActor() actor: Actor, @Payload('data') dto: InvitationRefDto): Answer<'revokeInvitation'> {
    return this.workspaces.revoke(actor, dto);
  }

  /** Public: the invitation page shows it to signed-out visitors. */
  @MessagePattern(S.previewInvitation)
  preview(@Payload('data') dto: InvitationTokenDto): Answer<'previewInvitation'> {
    return this.workspaces.preview(dto);
  }

  @MessagePattern(S.acceptInvitation)
  accept(@RpcActor() actor: Actor, @Payload('data') dto: InvitationTokenDto): Answer<'acceptInvitation'> {
    return this.workspaces.accept(actor, dto);
  }

  @MessagePattern(S.listAll)
  listAll(@RpcActor() actor: Actor): Answer<'listAll'> {
    return this.workspaces.listAll(actor);
  }
}
