import { ApiProperty } from '@nestjs/swagger';
import {
  WORKSPACE_NAME_MAX_LENGTH,
  WORKSPACE_ROLES,
  type CreatedInvitation,
  type CurrentWorkspace,
  type Invitation,
  type InvitationPreview,
  type WorkspaceListing,
  type WorkspaceMember,
  type WorkspaceRole,
  type WorkspaceSummary,
} from '@inventory/contracts';
import { InviteeEmail, WorkspaceName, WorkspaceRoleField } from '@inventory/platform';

export class WorkspaceNameBody {
  @ApiProperty({ example: 'Main Street Hardware', maxLength: WORKSPACE_NAME_MAX_LENGTH })
  @WorkspaceName()
  name: string;
}

export class MemberRoleBody {
  @ApiProperty({ enum: WORKSPACE_ROLES, description: "Only an owner grants or changes 'owner'" })
  @WorkspaceRoleField()
  role: WorkspaceRole;
}

export class InvitationBody {
  @ApiProperty({ example: 'colleague@example.com' })
  @InviteeEmail()
  email: string;

  @ApiProperty({ enum: WORKSPACE_ROLES, example: 'member' })
  @WorkspaceRoleField()
  role: WorkspaceRole;
}

/** Response shapes, for the OpenAPI description. */
export class CurrentWorkspaceDto implements CurrentWorkspace {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: WORKSPACE_ROLES }) role: WorkspaceRole;
}

export class WorkspaceSummaryDto extends CurrentWorkspaceDto implements WorkspaceSummary {
  @ApiProperty({ type: 'integer' }) memberCount: number;
  @ApiProperty({ description: "The user's own workspace (id = the user's id); it cannot be deleted" }) personal: boolean;
}

export class WorkspaceMemberDto implements WorkspaceMember {
  @ApiProperty() userId: string;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ enum: WORKSPACE_ROLES }) role: WorkspaceRole;
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
}

export class InvitationDto implements Invitation {
  @ApiProperty() id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: WORKSPACE_ROLES }) role: WorkspaceRole;
  @ApiProperty({ description: "The inviter's name" }) invitedBy: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class CreatedInvitationDto extends InvitationDto implements CreatedInvitation {
  @ApiProperty({ description: 'Shown only in this answer' }) token: string;
  @ApiProperty({ description: 'The link to send: <origin>/invite/<token>' }) url: string;
}

export class InvitationPreviewDto implements InvitationPreview {
  @ApiProperty() workspaceName: string;
  @ApiProperty() inviterName: string;
  @ApiProperty({ enum: WORKSPACE_ROLES }) role: WorkspaceRole;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}

export class AcceptedInvitationDto {
  @ApiProperty({ type: CurrentWorkspaceDto }) workspace: CurrentWorkspace;
}

export class WorkspaceListingDto implements WorkspaceListing {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer' }) memberCount: number;
  @ApiProperty({ type: String, isArray: true }) ownerEmails: string[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}
