import { jsonDepthExceeds, SafeInputMessages } from '@inventory/platform';
import type { ErrorRequestHandler } from 'express';

/** Tells body-parser's `verify` failures (ours) apart from its own. */
class UnsafeBodyError extends Error {}

/**
 * body-parser `verify` hook: a JSON body nested deeper than any request of ours is refused from its
 * raw bytes, in one linear pass, before JSON.parse and the validation pipe walk it (docs/security.md).
 */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  if (jsonDepthExceeds(body)) throw new UnsafeBodyError(SafeInputMessages.tooDeep);
}

/**
 * body-parser fails before Nest sees the request; answer its errors in the house format instead
 * of express's HTML page.
 */
export const bodyParserErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const type = (error as { type?: string }).type;
  if (type === 'entity.verify.failed' && error instanceof UnsafeBodyError) return void res.status(400).json({ message: error.message });
  if (type === 'entity.parse.failed') return void res.status(400).json({ message: 'Malformed JSON body' });
  if (type === 'entity.too.large') return void res.status(413).json({ message: 'Request body is too large' });
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return void res.status(415).json({ message: 'Unsupported body encoding' });
  }
  next(error);
};
