import { BadRequestException, Catch, PayloadTooLargeException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';

/**
 * multer's refusals of an upload ("File too large", "Unexpected field", a broken form) in the
 * words of the upload at hand (spec §5 for images, docs/import-export.md for import files).
 */
@Catch(PayloadTooLargeException, BadRequestException)
export class UploadErrorsFilter implements ExceptionFilter {
  constructor(private readonly messages: { tooLarge: string; missing: string }) {}

  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost): void {
    const tooLarge = exception instanceof PayloadTooLargeException;
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(tooLarge ? 413 : 400)
      .json({ message: tooLarge ? this.messages.tooLarge : this.messages.missing });
  }
}
