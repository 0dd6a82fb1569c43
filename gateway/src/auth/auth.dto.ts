import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import {
  EMAIL_MAX_LENGTH,
  IdentityMessages,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
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

// class-validator runs the decorator nearest the property first: presence checks sit last, so a
// missing field reports "required" rather than a length.
export class LoginDto implements PasswordSignInRequest {
  @ApiProperty({ example: 'ada@example.com' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: IdentityMessages.invalidCredentials })
  @IsNotEmpty({ message: IdentityMessages.emailRequired })
  @IsString({ message: IdentityMessages.emailRequired })
  email: string;

  @ApiProperty({ example: 'secret-123' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: IdentityMessages.invalidCredentials })
  @IsNotEmpty({ message: IdentityMessages.passwordRequired })
  @IsString({ message: IdentityMessages.passwordRequired })
  password: string;
}

export class RegisterDto implements RegisterRequest {
  @ApiProperty({ example: 'Ada', maxLength: NAME_MAX_LENGTH })
  @MaxLength(NAME_MAX_LENGTH, { message: IdentityMessages.nameTooLong })
  @IsNotEmpty({ message: IdentityMessages.firstNameRequired })
  @IsString({ message: IdentityMessages.firstNameRequired })
  firstName: string;

  @ApiProperty({ example: 'Lovelace', maxLength: NAME_MAX_LENGTH })
  @MaxLength(NAME_MAX_LENGTH, { message: IdentityMessages.nameTooLong })
  @IsNotEmpty({ message: IdentityMessages.lastNameRequired })
  @IsString({ message: IdentityMessages.lastNameRequired })
  lastName: string;

  @ApiProperty({ example: 'ada@example.com', format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @MaxLength(EMAIL_MAX_LENGTH, { message: IdentityMessages.invalidEmail })
  @IsEmail({}, { message: IdentityMessages.invalidEmail })
  email: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, example: 'secret-123' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: IdentityMessages.passwordTooLong })
  @MinLength(PASSWORD_MIN_LENGTH, { message: IdentityMessages.passwordTooShort })
  @IsString({ message: IdentityMessages.passwordTooShort })
  password: string;
}

export class AdminLoginDto implements SuperAdminSignInRequest {
  @ApiProperty({ example: 'admin@example.com' })
  @MaxLength(EMAIL_MAX_LENGTH, { message: IdentityMessages.invalidEmail })
  @IsNotEmpty({ message: IdentityMessages.emailRequired })
  @IsString({ message: IdentityMessages.emailRequired })
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
