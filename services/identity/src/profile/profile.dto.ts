import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  EMAIL_MAX_LENGTH,
  IdentityMessages,
  NAME_MAX_LENGTH,
  type NotificationPreferences,
  type ProfilePhotoUpdate,
  type ProfileUpdate,
} from '@inventory/contracts';
import { NormalizeEmail, Trim } from '../users/normalize.js';

// class-validator runs the decorator nearest the property first: presence checks sit last, so a
// missing field reports "required" rather than a length.
export class ProfileUpdateDto implements ProfileUpdate {
  @IsOptional()
  @Trim()
  @MaxLength(NAME_MAX_LENGTH, { message: IdentityMessages.nameTooLong })
  @IsString()
  firstName?: string;

  @IsOptional()
  @Trim()
  @MaxLength(NAME_MAX_LENGTH, { message: IdentityMessages.nameTooLong })
  @IsString()
  lastName?: string;

  @IsOptional()
  @NormalizeEmail()
  @MaxLength(EMAIL_MAX_LENGTH, { message: IdentityMessages.invalidEmail })
  @IsEmail({}, { message: IdentityMessages.invalidEmail })
  email?: string;
}

export class ProfilePhotoDto implements ProfilePhotoUpdate {
  @MaxLength(1024)
  @IsNotEmpty()
  @IsString()
  profileImageUrl: string;
}

export class NotificationPreferencesDto implements NotificationPreferences {
  @IsBoolean() lowStock: boolean;
  @IsBoolean() expiry: boolean;
  @IsBoolean() email: boolean;
  @IsBoolean() push: boolean;
}
