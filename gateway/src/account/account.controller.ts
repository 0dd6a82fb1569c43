import { Body, Controller, Get, HttpCode, Post, Put, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Actor, NotificationPreferences, PublicUser } from '@inventory/contracts';
import type { Request } from 'express';
import { CurrentActor } from '../auth/auth.decorators.js';
import { PublicUserDto } from '../auth/auth.dto.js';
import { NotificationPreferencesDto, PhotoUploadDto, ProfileUpdateDto } from './account.dto.js';
import { AccountService } from './account.service.js';
import { PROFILE_PHOTO_MAX_BYTES, type UploadedPhoto } from './photo-upload.js';

@ApiTags('account')
@Controller('auth')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Put('profile')
  @ApiOperation({ summary: 'Update your name and email' })
  @ApiOkResponse({ type: PublicUserDto })
  @ApiConflictResponse({ description: 'An account with this email already exists' })
  updateProfile(@Body() dto: ProfileUpdateDto, @CurrentActor() actor: Actor, @Req() req: Request): Promise<PublicUser> {
    return this.account.updateProfile(actor, dto, req);
  }

  @Post('profile/photo')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('image', { limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1 } }))
  @ApiOperation({ summary: 'Change your profile photo (multipart field "image")' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: PhotoUploadDto })
  @ApiOkResponse({ type: PublicUserDto })
  @ApiPayloadTooLargeResponse({ description: 'Larger than 2 MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not a JPG, PNG or GIF image (checked by content)' })
  changePhoto(@UploadedFile() file: UploadedPhoto | undefined, @CurrentActor() actor: Actor): Promise<PublicUser> {
    return this.account.changePhoto(actor, file);
  }

  @Get('preferences')
  @ApiOperation({ summary: 'Your notification preferences' })
  @ApiOkResponse({ type: NotificationPreferencesDto })
  preferences(@CurrentActor() actor: Actor): Promise<NotificationPreferences> {
    return this.account.preferences(actor);
  }

  @Put('preferences')
  @ApiOperation({ summary: 'Save your notification preferences' })
  @ApiOkResponse({ type: NotificationPreferencesDto })
  updatePreferences(@Body() dto: NotificationPreferencesDto, @CurrentActor() actor: Actor): Promise<NotificationPreferences> {
    return this.account.updatePreferences(actor, dto);
  }
}
