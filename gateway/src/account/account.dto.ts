import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, type NotificationPreferences, type ProfileUpdate } from '@inventory/contracts';
import { EmailAddress, OptionalPersonName } from '@inventory/platform';

/** spec §5: the profile form has no rules of its own; only what keeps the data sound. */
export class ProfileUpdateDto implements ProfileUpdate {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @OptionalPersonName()
  firstName?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @OptionalPersonName()
  lastName?: string;

  @ApiPropertyOptional({ format: 'email', maxLength: EMAIL_MAX_LENGTH })
  @EmailAddress({ optional: true })
  email?: string;
}

export class NotificationPreferencesDto implements NotificationPreferences {
  @ApiProperty({ description: 'Low Stock Alerts (default on)' }) @IsBoolean() lowStock: boolean;
  @ApiProperty({ description: 'Expiry Notifications (default on)' }) @IsBoolean() expiry: boolean;
  @ApiProperty({ description: 'Email Notifications (default off)' }) @IsBoolean() email: boolean;
  @ApiProperty({ description: 'Push Notifications (default on)' }) @IsBoolean() push: boolean;
}

export class PhotoUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPG, PNG or GIF, at most 2 MB' })
  image: unknown;
}
