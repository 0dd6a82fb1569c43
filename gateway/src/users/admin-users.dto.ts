import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  EMAIL_MAX_LENGTH,
  IdentityMessages,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  type Role,
  type UserUpdate,
} from '@inventory/contracts';

// class-validator runs the decorator nearest the property first: presence checks sit last, so a
// missing field reports "required" rather than a length.
/** spec §5 "Edit user". */
export class AdminUserUpdateDto implements Omit<UserUpdate, 'id'> {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @MaxLength(NAME_MAX_LENGTH, { message: IdentityMessages.nameTooLong })
  @IsNotEmpty({ message: IdentityMessages.firstNameRequired })
  @IsString({ message: IdentityMessages.firstNameRequired })
  firstName: string;

  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @MaxLength(NAME_MAX_LENGTH, { message: IdentityMessages.nameTooLong })
  @IsNotEmpty({ message: IdentityMessages.lastNameRequired })
  @IsString({ message: IdentityMessages.lastNameRequired })
  lastName: string;

  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @MaxLength(EMAIL_MAX_LENGTH, { message: IdentityMessages.invalidEmail })
  @IsEmail({}, { message: IdentityMessages.invalidEmail })
  email: string;

  @ApiPropertyOptional({
    type: String,
    anyOf: [{ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }, { maxLength: 0 }],
    description: 'Blank or absent keeps the current password',
  })
  // The edit dialog leaves the field blank to keep the password.
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsOptional()
  @MaxLength(PASSWORD_MAX_LENGTH, { message: IdentityMessages.passwordTooLong })
  @MinLength(PASSWORD_MIN_LENGTH, { message: IdentityMessages.passwordTooShort })
  @IsString({ message: IdentityMessages.passwordTooShort })
  password?: string;

  @ApiPropertyOptional({ enum: ROLES })
  @IsOptional()
  @IsIn(ROLES, { message: IdentityMessages.invalidRole })
  role?: Role;
}
