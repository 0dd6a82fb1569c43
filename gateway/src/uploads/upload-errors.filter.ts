import { BadRequestException, Catch, PayloadTooLargeException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { InventoryMessages as M } from '@inventory/contracts';
import type { Response } from 'express';

/** multer's refusals of an upload ("File too large", "Unexpected field", a broken form) in SPEC 5 wording. */
@Catch(PayloadTooLargeException, BadRequestException)
export class UploadErrorsFilter implements ExceptionFilter {
  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost): void {
    const tooLarge = exception instanceof PayloadTooLargeException;
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(tooLarge ? 413 : 400)
      .json({ message: tooLarge ? M.imageTooLarge : M.imageMissing });
  }
}
