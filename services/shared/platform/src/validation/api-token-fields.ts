import { API_TOKEN_NAME_MAX_LENGTH, ApiTokenMessages } from '@inventory/contracts';
import { IsISO8601, IsOptional } from 'class-validator';
import { RequiredText } from './text.js';

/* The API token request fields, written once for the gateway's and the identity service's DTOs. */

export const ApiTokenName = (): PropertyDecorator =>
  RequiredText(API_TOKEN_NAME_MAX_LENGTH, { required: ApiTokenMessages.nameRequired, tooLong: ApiTokenMessages.nameTooLong });

/** Optional ISO 8601 time; that it lies ahead is checked where the token is made. */
export function ApiTokenExpiry(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    IsISO8601({ strict: true }, { message: ApiTokenMessages.expiryInvalid })(target, key);
  };
}
