import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import {
  EMAIL_MAX_LENGTH,
  IdentityMessages,
  NAME_MAX_LENGTH,
  type ExternalProvider,
  type ExternalSignInRequest,
  type PasswordSignInRequest,
  type RegisterRequest,
  type SuperAdminSignInRequest,
} from '@inventory/contracts';
import { EmailAddress, NewPassword, NormalizeEmail, PersonName, SignInEmail, SignInPassword, Trim } from '@inventory/platform';

// class-validator runs the decorator nearest the property first: presence checks sit last, so a
// missing field reports "required" rather than a length.
export class RegisterDto implements RegisterRequest {
  @PersonName(IdentityMessages.firstNameRequired)
  firstName: string;

  @PersonName(IdentityMessages.lastNameRequired)
  lastName: string;

  @EmailAddress()
  email: string;

  @NewPassword()
  password: string;
}

export class PasswordSignInDto implements PasswordSignInRequest {
  @SignInEmail()
  email: string;

  @SignInPassword()
  password: string;
}

export class SuperAdminSignInDto implements SuperAdminSignInRequest {
  @SignInEmail()
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
