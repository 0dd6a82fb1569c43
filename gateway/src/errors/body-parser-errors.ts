import type { ErrorRequestHandler } from 'express';

/**
 * body-parser fails before Nest sees the request; answer its errors in the house format instead
 * of express's HTML page.
 */
export const bodyParserErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') return void res.status(400).json({ message: 'Malformed JSON body' });
  if (type === 'entity.too.large') return void res.status(413).json({ message: 'Request body is too large' });
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return void res.status(415).json({ message: 'Unsupported body encoding' });
  }
  next(error);
};
