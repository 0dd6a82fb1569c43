import type { ApiTokenCheck, ApiTokenRef, ApiTokenRequest, WorkspaceRole } from '@inventory/contracts';
import { ApiTokenExpiry, ApiTokenName, PathId, WorkspaceRoleField } from '@inventory/platform';

export class ApiTokenRequestDto implements ApiTokenRequest {
  @ApiTokenName()
  name: string;

  @PathId()
  workspaceId: string;

  @WorkspaceRoleField()
  role: WorkspaceRole;

  @ApiTokenExpiry()
  expiresAt?: string | null;
}

export class ApiTokenRefDto implements ApiTokenRef {
  @PathId()
  id: string;
}

export class ApiTokenCheckDto implements ApiTokenCheck {
  @PathId()
  token: string;
}
