import type { NextFunction, Request, Response } from 'express';

/**
 * `X-Content-Type-Options: nosniff` on every answer (envelopes, errors, pages, /assets files, /metrics):
 * browsers take the Content-Type sent and never guess another (docs/decisions/platform.md, "Strict edge: signatures, money strings, lengths, mascot URLs, nosniff").
 */
export function noSniff(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
}
