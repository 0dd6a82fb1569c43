import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  API_TOKEN_NAME_MAX_LENGTH,
  WORKSPACE_ROLES,
  type ApiTokenRequest,
  type ApiTokenView,
  type CreatedApiToken,
  type WorkspaceRole,
} from '@inventory/contracts';
import { ApiTokenExpiry, ApiTokenName, PathId, WorkspaceRoleField } from '@inventory/platform';

export class ApiTokenBody implements ApiTokenRequest {
  @ApiProperty({ example: 'Shop sync', maxLength: API_TOKEN_NAME_MAX_LENGTH })
  @ApiTokenName()
  name: string;

  @ApiProperty({ description: 'One of your workspaces (GET /api/workspaces)' })
  @PathId()
  workspaceId: string;

  @ApiProperty({ enum: WORKSPACE_ROLES, description: 'At most your own role in that workspace' })
  @WorkspaceRoleField()
  role: WorkspaceRole;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'Absent or null: never expires' })
  @ApiTokenExpiry()
  expiresAt?: string | null;
}

/** Response shapes, for the OpenAPI description. */
export class ApiTokenDto implements ApiTokenView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: 'inv_Ab3dE9xQ', description: 'The start of the token, to recognise it by' }) prefix: string;
  @ApiProperty() workspaceId: string;
  @ApiProperty() workspaceName: string;
  @ApiProperty({ enum: WORKSPACE_ROLES }) role: WorkspaceRole;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastUsedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt: string | null;
}

export class CreatedApiTokenDto extends ApiTokenDto implements CreatedApiToken {
  @ApiProperty({ description: 'The secret: shown only in this answer. Send it as "Authorization: Bearer <token>"' }) token: string;
}
