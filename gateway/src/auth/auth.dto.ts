import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  EMAIL_MAX_LENGTH,
  IdentityMessages,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  type ExternalProvider,
  type PasswordSignInRequest,
  type PublicConfig,
  type PublicUser,
  type CurrentUser,
  type WorkspaceRole,
  WORKSPACE_ROLES,
  type RegisterRequest,
  type Role,
  type SuperAdminSignInRequest,
} from '@inventory/contracts';
import { EmailAddress, NewPassword, PersonName, SignInEmail, SignInPassword } from '@inventory/platform';

// class-validator runs the decorator nearest the property first: presence checks sit last, so a
// missing field reports "required" rather than a length.
export class LoginDto implements PasswordSignInRequest {
  @ApiProperty({ example: 'ada@example.com' })
  @SignInEmail()
  email: string;

  @ApiProperty({ example: 'secret-123' })
  @SignInPassword()
  password: string;
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty({ example: 'Ada', maxLength: NAME_MAX_LENGTH })
  @PersonName(IdentityMessages.firstNameRequired)
  firstName: string;

  @ApiProperty({ example: 'Lovelace', maxLength: NAME_MAX_LENGTH })
  @PersonName(IdentityMessages.lastNameRequired)
  lastName: string;

  @ApiProperty({ example: 'ada@example.com', format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @EmailAddress()
  email: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, example: 'secret-123' })
  @NewPassword()
  password: string;
}

export class AdminLoginDto implements SuperAdminSignInRequest {
  @ApiProperty({ example: 'admin@example.com' })
  @SignInEmail()
  email: string;
}

/** Response shapes, for the OpenAPI description. */
export class PublicUserDto implements PublicUser {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty({ type: String, nullable: true }) firstName: string | null;
  @ApiProperty({ type: String, nullable: true }) lastName: string | null;
  @ApiProperty({ type: String, nullable: true }) profileImageUrl: string | null;
  @ApiProperty({ enum: ROLES }) role: Role;
  @ApiProperty({ description: "False shows as 'No password'" }) hasPassword: boolean;
  @ApiProperty({ enum: ['google', 'oidc'], isArray: true }) externalProviders: ExternalProvider[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class SessionWorkspaceDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: WORKSPACE_ROLES }) role: WorkspaceRole;
}

/** A user with the workspace their session works in. */
export class CurrentUserDto extends PublicUserDto implements CurrentUser {
  @ApiProperty({ type: SessionWorkspaceDto }) workspace: SessionWorkspaceDto;
}

export class CsrfTokenDto {
  @ApiProperty({ description: 'Send it as the x-csrf-token header of every non-GET request' })
  token: string;
}

export class PublicConfigDto implements PublicConfig {
  @ApiProperty() demoLoginEnabled: boolean;
  @ApiProperty() superAdminShortcutEnabled: boolean;
  @ApiPropertyOptional({ description: 'Only while the shortcut is enabled' }) superAdminEmail?: string;
  @ApiProperty() googleEnabled: boolean;
  @ApiProperty() oidcEnabled: boolean;
}
