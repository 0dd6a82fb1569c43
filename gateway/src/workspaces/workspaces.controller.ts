import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
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
import {
  WorkspaceSubjects as S,
  type AcceptedInvitation,
  type Actor,
  type CreatedInvitation,
  type CurrentWorkspace,
  type Invitation,
  type InvitationPreview,
  type WorkspaceListing,
  type WorkspaceMember,
  type WorkspaceSummary,
} from '@inventory/contracts';
import type { Request } from 'express';
import { CurrentActor, Public, Roles } from '../auth/index.js';
import { IdentityClient } from '../nats/service-clients.js';
import {
  AcceptedInvitationDto,
  CreatedInvitationDto,
  CurrentWorkspaceDto,
  InvitationBody,
  InvitationDto,
  InvitationPreviewDto,
  MemberRoleBody,
  WorkspaceListingDto,
  WorkspaceMemberDto,
  WorkspaceNameBody,
  WorkspaceSummaryDto,
} from './workspaces.dto.js';
import { WorkspacesService } from './workspaces.service.js';

@ApiTags('workspaces')
@ApiNotFoundResponse({ description: 'No such workspace of yours (one you are not a member of answers the same)' })
@ApiForbiddenResponse({ description: "'Your role in this workspace does not allow this'" })
@Controller('workspaces')
export class WorkspacesController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly workspaces: WorkspacesService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your workspaces, your personal one first, each with your role' })
  @ApiOkResponse({ type: WorkspaceSummaryDto, isArray: true })
  list(@CurrentActor() actor: Actor): Promise<WorkspaceSummary[]> {
    return this.identity.call(S.list, undefined, actor);
  }

  @Post()
  @ApiOperation({ summary: 'Create a workspace; you are its owner (switch to it to work in it)' })
  @ApiCreatedResponse({ type: WorkspaceSummaryDto })
  create(@CurrentActor() actor: Actor, @Body() body: WorkspaceNameBody): Promise<WorkspaceSummary> {
    return this.identity.call(S.create, body, actor);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename (owner or admin)' })
  @ApiOkResponse({ type: WorkspaceSummaryDto })
  rename(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: WorkspaceNameBody): Promise<WorkspaceSummary> {
    return this.identity.call(S.rename, { id, ...body }, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete the workspace and all its data (owner; not your personal one)' })
  @ApiNoContentResponse()
  @ApiConflictResponse({ description: 'Your personal workspace cannot be deleted' })
  delete(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    return this.workspaces.delete(actor, id);
  }

  @Post(':id/switch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Make it the current workspace of this session' })
  @ApiOkResponse({ type: CurrentWorkspaceDto })
  switch(@CurrentActor() actor: Actor, @Param('id') id: string, @Req() req: Request): Promise<CurrentWorkspace> {
    return this.workspaces.switch(actor, id, req);
  }

  @Get(':id/members')
  @ApiOperation({ summary: "The workspace's members with their roles (members only)" })
  @ApiOkResponse({ type: WorkspaceMemberDto, isArray: true })
  members(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<WorkspaceMember[]> {
    return this.identity.call(S.listMembers, { id }, actor);
  }

  @Patch(':id/members/:userId')
  @ApiOperation({ summary: "Change a member's role (owner or admin; only an owner grants or changes 'owner')" })
  @ApiOkResponse({ type: WorkspaceMemberDto })
  @ApiConflictResponse({ description: 'A workspace must keep at least one owner' })
  changeRole(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Body() body: MemberRoleBody,
  ): Promise<WorkspaceMember> {
    return this.workspaces.changeRole(actor, id, userId, body.role);
  }

  @Delete(':id/members/:userId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a member (owner or admin), or leave (your own id)' })
  @ApiNoContentResponse()
  @ApiConflictResponse({ description: 'A workspace must keep at least one owner' })
  removeMember(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('userId') userId: string): Promise<void> {
    return this.workspaces.removeMember(actor, id, userId);
  }

  @Post(':id/invitations')
  @ApiOperation({ summary: 'Invite by email (owner or admin): a single-use link valid for 7 days' })
  @ApiCreatedResponse({ type: CreatedInvitationDto })
  @ApiConflictResponse({ description: 'Already a member, or already invited' })
  invite(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: InvitationBody,
    @Req() req: Request,
  ): Promise<CreatedInvitation> {
    return this.workspaces.invite(actor, id, body, req);
  }

  @Get(':id/invitations')
  @ApiOperation({ summary: 'Pending invitations (owner or admin)' })
  @ApiOkResponse({ type: InvitationDto, isArray: true })
  invitations(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<Invitation[]> {
    return this.identity.call(S.listInvitations, { id }, actor);
  }

  @Delete(':id/invitations/:invitationId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a pending invitation (owner or admin)' })
  @ApiNoContentResponse()
  async revoke(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('invitationId') invitationId: string): Promise<void> {
    await this.identity.call(S.revokeInvitation, { id, invitationId }, actor);
  }
}

@ApiTags('workspaces')
@Controller('invitations')
export class InvitationsController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly workspaces: WorkspacesService,
  ) {}

  @Public()
  @Get(':token')
  @ApiOperation({ summary: 'What an invitation link offers (signed out too); 404 when used, expired or revoked' })
  @ApiOkResponse({ type: InvitationPreviewDto })
  @ApiNotFoundResponse({ description: 'This invitation is not valid' })
  preview(@Param('token') token: string): Promise<InvitationPreview> {
    return this.identity.call(S.previewInvitation, { token });
  }

  @Post(':token/accept')
  @HttpCode(200)
  @ApiOperation({ summary: "Join the workspace and switch to it; the invitation's email must be yours" })
  @ApiOkResponse({ type: AcceptedInvitationDto })
  @ApiNotFoundResponse({ description: 'This invitation is not valid' })
  @ApiForbiddenResponse({ description: 'The invitation was sent to a different email address' })
  accept(@CurrentActor() actor: Actor, @Param('token') token: string, @Req() req: Request): Promise<AcceptedInvitation> {
    return this.workspaces.accept(actor, token, req);
  }
}

@ApiTags('admin')
@ApiForbiddenResponse({ description: 'Not a super admin' })
@Roles('super_admin')
@Controller('admin/workspaces')
export class AdminWorkspacesController {
  constructor(private readonly identity: IdentityClient) {}

  @Get()
  @ApiOperation({ summary: 'Every workspace, newest first, with its member count and owners' })
  @ApiOkResponse({ type: WorkspaceListingDto, isArray: true })
  list(@CurrentActor() actor: Actor): Promise<WorkspaceListing[]> {
    return this.identity.call(S.listAll, undefined, actor);
  }
}
