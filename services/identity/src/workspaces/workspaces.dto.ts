import type {
  InvitationRef,
  InvitationRequest,
  InvitationTokenRequest,
  MemberRef,
  MemberRoleRequest,
  WorkspaceNameRequest,
  WorkspaceRef,
  WorkspaceRenameRequest,
  WorkspaceRole,
} from '@inventory/contracts';
import { InviteeEmail, PathId, WorkspaceName, WorkspaceRoleField } from '@inventory/platform';

export class WorkspaceNameDto implements WorkspaceNameRequest {
  @WorkspaceName()
  name: string;
}

export class WorkspaceRefDto implements WorkspaceRef {
  @PathId()
  id: string;
}

export class WorkspaceRenameDto extends WorkspaceRefDto implements WorkspaceRenameRequest {
  @WorkspaceName()
  name: string;
}

export class MemberRefDto extends WorkspaceRefDto implements MemberRef {
  @PathId()
  userId: string;
}

export class MemberRoleDto extends MemberRefDto implements MemberRoleRequest {
  @WorkspaceRoleField()
  role: WorkspaceRole;
}

export class InvitationRequestDto extends WorkspaceRefDto implements InvitationRequest {
  @InviteeEmail()
  email: string;

  @WorkspaceRoleField()
  role: WorkspaceRole;
}

export class InvitationRefDto extends WorkspaceRefDto implements InvitationRef {
  @PathId()
  invitationId: string;
}

export class InvitationTokenDto implements InvitationTokenRequest {
  @PathId()
  token: string;
}
