import { Catch, PayloadTooLargeException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { InventoryMessages as M } from '@inventory/contracts';
import type { Response } from 'express';

/** multer's "File too large" in SPEC 5 wording. */
@Catch(PayloadTooLargeException)
export class ImageTooLargeFilter implements ExceptionFilter {
  catch(_exception: PayloadTooLargeException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(413).json({ message: M.imageTooLarge });
  }
}
