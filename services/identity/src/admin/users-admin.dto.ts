import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  EMAIL_MAX_LENGTH,
  IdentityMessages,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  type Role,
  type UserRef,
  type UserUpdate,
} from '@inventory/contracts';
import { NormalizeEmail, Trim } from '../users/normalize.js';

// class-validator runs the decorator nearest the property first: presence checks sit last, so a
// missing field reports "required" rather than a length.
export class UserUpdateDto implements UserUpdate {
  @MaxLength(64)
  @IsNotEmpty()
  @IsString()
  id: string;

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

  @IsOptional()
  @MaxLength(PASSWORD_MAX_LENGTH, { message: IdentityMessages.passwordTooLong })
  @MinLength(PASSWORD_MIN_LENGTH, { message: IdentityMessages.passwordTooShort })
  @IsString({ message: IdentityMessages.passwordTooShort })
  password?: string;

  @IsOptional()
  @IsIn(ROLES, { message: IdentityMessages.invalidRole })
  role?: Role;
}

export class UserRefDto implements UserRef {
  @MaxLength(64)
  @IsNotEmpty()
  @IsString()
  id: string;
}
