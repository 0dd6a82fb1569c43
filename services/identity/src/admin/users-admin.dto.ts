import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IdentityMessages, type Role, type UserRef, type UserUpdate } from '@inventory/contracts';
import { EmailAddress, PersonName, ReplacementPassword, RoleField } from '@inventory/platform';

// class-validator runs the decorator nearest the property first: presence checks sit last, so a
// missing field reports "required" rather than a length.
export class UserUpdateDto implements UserUpdate {
  @MaxLength(64)
  @IsNotEmpty()
  @IsString()
  id: string;

  @PersonName(IdentityMessages.firstNameRequired)
  firstName: string;

  @PersonName(IdentityMessages.lastNameRequired)
  lastName: string;

  @EmailAddress()
  email: string;

  @ReplacementPassword()
  password?: string;

  @RoleField()
  role?: Role;
}

export class UserRefDto implements UserRef {
  @MaxLength(64)
  @IsNotEmpty()
  @IsString()
  id: string;
}
