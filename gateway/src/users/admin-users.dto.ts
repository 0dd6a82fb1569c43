import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
import { EmailAddress, PersonName, ReplacementPassword, RoleField } from '@inventory/platform';

// class-validator runs the decorator nearest the property first: presence checks sit last, so a
// missing field reports "required" rather than a length.
/** spec §5 "Edit user". */
export class AdminUserUpdateDto implements Omit<UserUpdate, 'id'> {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @PersonName(IdentityMessages.firstNameRequired)
  firstName: string;

  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @PersonName(IdentityMessages.lastNameRequired)
  lastName: string;

  @ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @EmailAddress()
  email: string;

  @ApiPropertyOptional({
    type: String,
    anyOf: [{ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }, { maxLength: 0 }],
    description: 'Blank or absent keeps the current password',
  })
  @ReplacementPassword()
  password?: string;

  @ApiPropertyOptional({ enum: ROLES })
  @RoleField()
  role?: Role;
}
