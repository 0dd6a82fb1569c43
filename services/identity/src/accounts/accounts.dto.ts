import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, MinLength } from 'class-validator';
import {
  EMAIL_MAX_LENGTH,
  IdentityMessages,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ExternalProvider,
  type ExternalSignInRequest,
  type PasswordSignInRequest,
  type RegisterRequest,
  type SuperAdminSignInRequest,
} from '@inventory/contracts';
import { NormalizeEmail, Trim } from '../users/normalize.js';

// class-validator runs the decorator nearest the property first: presence checks sit last, so a
// missing field reports "required" rather than a length.
export class RegisterDto implements RegisterRequest {
  @Trim()
  @MaxLength(NAME_MAX_LENGTH, { message: IdentityMessages.nameTooLong })
  @IsNotEmpty({ message: IdentityMessages.firstNameRequired })
  @IsString({ message: IdentityMessages.firstNameRequired })
  firstName: string;

  @Trim()
  @MaxLength(NAME_MAX_LENGTH, { message: IdentityMessages.nameTooLong })
  @IsNotEmpty({ message: IdentityMessages.lastNameRequired })
  @IsString({ message: IdentityMessages.lastNameRequired })
  lastName: string;

  @NormalizeEmail()
  @MaxLength(EMAIL_MAX_LENGTH, { message: IdentityMessages.invalidEmail })
  @IsEmail({}, { message: IdentityMessages.invalidEmail })
  email: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: IdentityMessages.passwordTooLong })
  @MinLength(PASSWORD_MIN_LENGTH, { message: IdentityMessages.passwordTooShort })
  @IsString({ message: IdentityMessages.passwordTooShort })
  password: string;
}

export class PasswordSignInDto implements PasswordSignInRequest {
  @NormalizeEmail()
  @IsNotEmpty({ message: IdentityMessages.emailRequired })
  @IsString({ message: IdentityMessages.emailRequired })
  email: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: IdentityMessages.invalidCredentials })
  @IsNotEmpty({ message: IdentityMessages.passwordRequired })
  @IsString({ message: IdentityMessages.passwordRequired })
  password: string;
}

export class SuperAdminSignInDto implements SuperAdminSignInRequest {
  @NormalizeEmail()
  @IsNotEmpty({ message: IdentityMessages.emailRequired })
  @IsString({ message: IdentityMessages.emailRequired })
  email: string;
}

const PROVIDERS: ExternalProvider[] = ['google', 'oidc'];

export class ExternalSignInDto implements ExternalSignInRequest {
  @IsIn(PROVIDERS)
  provider: ExternalProvider;

  @MaxLength(255)
  @IsNotEmpty()
  @IsString()
  subject: string;

  @IsOptional()
  @NormalizeEmail()
  @MaxLength(EMAIL_MAX_LENGTH)
  @IsEmail()
  email?: string;

  @IsOptional()
  @Trim()
  @MaxLength(NAME_MAX_LENGTH)
  @IsString()
  firstName?: string;

  @IsOptional()
  @Trim()
  @MaxLength(NAME_MAX_LENGTH)
  @IsString()
  lastName?: string;

  @IsOptional()
  @MaxLength(1024)
  @IsUrl({ protocols: ['https', 'http'], require_tld: false })
  profileImageUrl?: string;
}
