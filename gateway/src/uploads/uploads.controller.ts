import {
  Controller,
  Get,
  NotFoundException,
  Param,
  Post,
  Res,
  StreamableFile,
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProperty,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { InventoryMessages, MAX_IMAGE_BYTES, type Actor } from '@inventory/contracts';
import type { Response } from 'express';
import { CurrentActor, WorkspaceData } from '../auth/index.js';
import { checkedImage, type UploadedImage } from './image-file.js';
import { ImageStore } from './image-store.js';
import { UploadErrorsFilter } from './upload-errors.filter.js';

class ImageUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG, PNG, GIF, WebP, BMP or TIFF, at most 10 MB' })
  image: unknown;
}

class UploadedImageDto {
  @ApiProperty({ example: '/api/images/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed.png' })
  url: string;
}

@ApiTags('images')
@WorkspaceData()
@Controller()
export class UploadsController {
  constructor(private readonly images: ImageStore) {}

  @Post('upload/image')
  @UseFilters(new UploadErrorsFilter({ tooLarge: InventoryMessages.imageTooLarge, missing: InventoryMessages.imageMissing }))
  @UseInterceptors(FileInterceptor('image', { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }))
  @ApiOperation({ summary: 'Upload an item image (multipart field "image"); use the url as imageUrl' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ImageUploadDto })
  @ApiCreatedResponse({ type: UploadedImageDto })
  @ApiBadRequestResponse({ description: 'No image in the "image" field' })
  @ApiPayloadTooLargeResponse({ description: "'Please select an image smaller than 10MB'" })
  @ApiUnsupportedMediaTypeResponse({
    description: "'Please select a valid image file (JPEG, PNG, GIF, WebP, BMP, TIFF)' (checked by content)",
  })
  async upload(@CurrentActor() actor: Actor, @UploadedFile() file: UploadedImage | undefined): Promise<UploadedImageDto> {
    return { url: await this.images.save(actor.workspaceId, await checkedImage(file)) };
  }

  @Get('images/:file')
  @ApiOperation({ summary: 'One of your uploaded images, with its detected content type' })
  @ApiOkResponse({ description: 'The image' })
  @ApiNotFoundResponse({ description: "'Image not found' (another user's image answers the same)" })
  async image(
    @CurrentActor() actor: Actor,
    @Param('file') file: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const image = await this.images.open(actor.workspaceId, file);
    if (!image) throw new NotFoundException('Image not found');
    // Never rendered as anything but the image it was checked to be; a new image gets a new name.
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    return new StreamableFile(image.stream, { type: image.contentType, length: image.size });
  }
}
