import { EMAIL_MAX_LENGTH, IdentityMessages, WORKSPACE_NAME_MAX_LENGTH, WORKSPACE_ROLES, WorkspaceMessages } from '@inventory/contracts';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { RequiredText } from './text.js';

/*
 * The workspace request fields, written once: the gateway's DTOs (with their OpenAPI notes) and the
 * identity service's DTOs both put these on their properties.
 */

export const WorkspaceName = (): PropertyDecorator =>
  RequiredText(WORKSPACE_NAME_MAX_LENGTH, { required: WorkspaceMessages.nameRequired, tooLong: WorkspaceMessages.nameTooLong });

export const WorkspaceRoleField = (): PropertyDecorator => IsIn(WORKSPACE_ROLES, { message: WorkspaceMessages.invalidRole });

/** An invitee's address: trimmed and lower-cased, as accounts store theirs. */
export function InviteeEmail(): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))(target, key);
    IsString({ message: IdentityMessages.emailRequired })(target, key);
    IsNotEmpty({ message: IdentityMessages.emailRequired })(target, key);
    MaxLength(EMAIL_MAX_LENGTH, { message: IdentityMessages.invalidEmail })(target, key);
    IsEmail({}, { message: IdentityMessages.invalidEmail })(target, key);
  };
}

/** Ids and tokens in paths: a text of bounded length (anything else is simply not found). */
export const PathId = (): PropertyDecorator => (target, key) => {
  IsString()(target, key);
  MaxLength(128)(target, key);
};
