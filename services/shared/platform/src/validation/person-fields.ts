import {
  EMAIL_MAX_LENGTH,
  IdentityMessages as M,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
} from '@inventory/contracts';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Trim } from './text.js';

/*
 * The account request fields (sign-up, sign-in, a user's edit, the profile), written once for the
 * gateway's and the identity service's DTOs. Like text.ts, each rule registers its checks in the
 * order they should fail in: a missing field reports "required" rather than a length.
 */

/** Emails are compared and stored lower-cased and trimmed. */
export const NormalizeEmail = (): PropertyDecorator =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** A first or last name: `required` when missing or blank. */
export function PersonName(required: string): PropertyDecorator {
  return (target, key) => {
    IsString({ message: required })(target, key);
    IsNotEmpty({ message: required })(target, key);
    MaxLength(NAME_MAX_LENGTH, { message: M.nameTooLong })(target, key);
    Trim()(target, key);
  };
}

/** A profile's name: optional, and blank is allowed (the profile form has no rules of its own). */
export function OptionalPersonName(): PropertyDecorator {
  return (target, key) => {
    IsString()(target, key);
    MaxLength(NAME_MAX_LENGTH, { message: M.nameTooLong })(target, key);
    Trim()(target, key);
    IsOptional()(target, key);
  };
}

/** An address an account is known by. */
export function EmailAddress({ optional = false } = {}): PropertyDecorator {
  return (target, key) => {
    IsEmail({}, { message: M.invalidEmail })(target, key);
    MaxLength(EMAIL_MAX_LENGTH, { message: M.invalidEmail })(target, key);
    NormalizeEmail()(target, key);
    if (optional) IsOptional()(target, key);
  };
}

/** A password being set. */
export function NewPassword(): PropertyDecorator {
  return (target, key) => {
    IsString({ message: M.passwordTooShort })(target, key);
    MinLength(PASSWORD_MIN_LENGTH, { message: M.passwordTooShort })(target, key);
    MaxLength(PASSWORD_MAX_LENGTH, { message: M.passwordTooLong })(target, key);
  };
}

/** A user's edit: blank or left out keeps the current password (the edit dialog leaves it blank). */
export function ReplacementPassword(): PropertyDecorator {
  return (target, key) => {
    NewPassword()(target, key);
    IsOptional()(target, key);
    Transform(({ value }) => (value === '' ? undefined : value))(target, key);
  };
}

/** The email of a sign-in: a too long one cannot be anybody's, and says no more than a wrong one. */
export function SignInEmail(): PropertyDecorator {
  return (target, key) => {
    IsString({ message: M.emailRequired })(target, key);
    IsNotEmpty({ message: M.emailRequired })(target, key);
    MaxLength(EMAIL_MAX_LENGTH, { message: M.invalidCredentials })(target, key);
    NormalizeEmail()(target, key);
  };
}

/** The password of a sign-in. */
export function SignInPassword(): PropertyDecorator {
  return (target, key) => {
    IsString({ message: M.passwordRequired })(target, key);
    IsNotEmpty({ message: M.passwordRequired })(target, key);
    MaxLength(PASSWORD_MAX_LENGTH, { message: M.invalidCredentials })(target, key);
  };
}

/** A global role, when one is given. */
export function RoleField(): PropertyDecorator {
  return (target, key) => {
    IsIn(ROLES, { message: M.invalidRole })(target, key);
    IsOptional()(target, key);
  };
}
