import type { NextFunction, Request, Response } from 'express';
import { BizError, HttpError } from '../../shared/errors';
import { errorMessage } from '../../shared/i18n/messages';
import { logger } from '../../shared/logger';
import { routeTemplate, sendError } from './envelope';


function genericMessage(req: Request, status: number): string {
  return errorMessage('*', status, req.ctx?.locale ?? 'en-US') ?? 'Error';
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/**
 * Turns every error into an envelope: BizError on HTTP 200 with the path's localized message,
 * HttpError with its status, body-parser failures as 400/413, and anything else as a logged 500
 * with a generic message (never a stack trace).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function errorMapper(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const locale = req.ctx?.locale ?? 'en-US';
  if (err instanceof BizError) {
    const message = errorMessage(err.messagePath ?? req.ctx?.routeTemplate ?? routeTemplate(req), err.code, locale) ?? err.detail ?? `Error ${err.code}`;
    sendError(req, res, 200, err.code, message);
    return;
  }
  if (err instanceof HttpError) {
    if (err.status === 401) {
      sendError(req, res, 401, 401, 'Unauthorized');
      return;
    }
    sendError(req, res, err.status, err.status, err.detail ?? genericMessage(req, err.status), err.extra);
    return;
  }
  const parserError = err as BodyParserError;
  if (parserError?.type === 'entity.too.large') {
    sendError(req, res, 413, 413, `${genericMessage(req, 413)} (limit ${String((parserError as { limit?: number }).limit ?? '')} bytes)`);
    return;
  }
  if (parserError?.type === 'entity.parse.failed') {
    sendError(req, res, 400, 400, 'Malformed JSON in the request body');
    return;
  }
  if (parserError?.type && typeof parserError.status === 'number' && parserError.status < 500) {
    sendError(req, res, parserError.status, parserError.status, parserError.message);
    return;
  }
  logger().error({ err, requestId: req.ctx?.requestId, path: req.originalUrl }, 'unhandled error');
  sendError(req, res, 500, 500, genericMessage(req, 500), { requestId: req.ctx?.requestId });
}

export function notFound(req: Request, res: Response): void {
  sendError(req, res, 404, 404, `${genericMessage(req, 404)}: ${req.method} ${req.originalUrl.split('?')[0].slice(0, 200)}`);
}
