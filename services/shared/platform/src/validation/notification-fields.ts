import { NotificationMessages as M, PUSH_ENDPOINT_MAX_LENGTH } from '@inventory/contracts';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsString, IsUrl, Matches, MaxLength, ValidateNested } from 'class-validator';

/* The push subscription and unsubscribe fields, written once for the gateway's and identity's DTOs. */

/** A push service's URL: https only. Which hosts are allowed is checked where it is stored. */
export function PushEndpoint(): PropertyDecorator {
  return (target, key) => {
    IsString({ message: M.pushEndpointInvalid })(target, key);
    MaxLength(PUSH_ENDPOINT_MAX_LENGTH, { message: M.pushEndpointInvalid })(target, key);
    IsUrl({ protocols: ['https'], require_protocol: true, require_tld: false }, { message: M.pushEndpointInvalid })(target, key);
  };
}

/** The browser's keys (base64url): p256dh is a 65-byte P-256 point, auth 16 random bytes. */
export function PushKey(maxLength: number): PropertyDecorator {
  return (target, key) => {
    IsString({ message: M.pushKeysInvalid })(target, key);
    MaxLength(maxLength, { message: M.pushKeysInvalid })(target, key);
    Matches(/^[A-Za-z0-9_-]+=*$/, { message: M.pushKeysInvalid })(target, key);
  };
}

/** `keys`, an object of the given class. */
export function PushKeys(keysClass: () => new () => object): PropertyDecorator {
  return (target, key) => {
    IsDefined({ message: M.pushKeysInvalid })(target, key);
    IsObject({ message: M.pushKeysInvalid })(target, key);
    ValidateNested()(target, key);
    Type(keysClass)(target, key);
  };
}

/** An unsubscribe link's token: opaque text of bounded length (a wrong one is simply not valid). */
export function UnsubscribeToken(): PropertyDecorator {
  return (target, key) => {
    IsString({ message: M.invalidUnsubscribeToken })(target, key);
    MaxLength(300, { message: M.invalidUnsubscribeToken })(target, key);
  };
}
