import { IsBoolean, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { type NotificationPreferences, type ProfilePhotoUpdate, type ProfileUpdate } from '@inventory/contracts';
import { EmailAddress, OptionalPersonName } from '@inventory/platform';

// class-validator runs the decorator nearest the property first: presence checks sit last, so a
// missing field reports "required" rather than a length.
export class ProfileUpdateDto implements ProfileUpdate {
  @OptionalPersonName()
  firstName?: string;

  @OptionalPersonName()
  lastName?: string;

  @EmailAddress({ optional: true })
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
