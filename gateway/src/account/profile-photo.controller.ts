import { Controller, Get, NotFoundException, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ProfilePhotoStore } from './profile-photo.store.js';

@ApiTags('account')
@Controller('profile-photos')
export class ProfilePhotoController {
  constructor(private readonly photos: ProfilePhotoStore) {}

  @Get(':userId/:file')
  @ApiOperation({ summary: 'A stored profile photo (signed-in users)' })
  @ApiOkResponse({ description: 'The image with its content type' })
  @ApiNotFoundResponse()
  async photo(
    @Param('userId') userId: string,
    @Param('file') file: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const photo = await this.photos.open(userId, file);
    if (!photo) throw new NotFoundException('Photo not found');
    // A new photo gets a new name, so a stored one never changes.
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    return new StreamableFile(photo.stream, { type: photo.contentType, length: photo.size });
  }
}
