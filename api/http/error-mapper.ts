import type { NextFunction, Request, Response } from 'express';
import { BizError, HttpError } from '../../shared/errors';
import type { Locale } from '../../shared/i18n/locales';
import { errorMessage } from '../../shared/i18n/messages';
import { logger } from '../../shared/logger';
import { routeTemplate, sendError } from './envelope';

function genericMessage(locale: Locale, status: number): string {
  return errorMessage('*', status, locale) ?? 'Error';
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** What an error answers: HTTP status, envelope code and message, extra envelope fields. */
export interface ErrorAnswer {
  status: number;
  code: number;
  message: string;
  extra?: Record<string, unknown>;
}

/**
 * The answer to an error: BizError on HTTP 200 with the localized message filed under its path
 * (`messagePath`, else the route template `template()`), HttpError with its status, body-parser failures
 * as 400/413, and anything else a 500 with a generic message (never a stack trace). Shared by the
 * error mapper and the hot paths that answer outside Express.
 */
export function describeError(err: unknown, locale: Locale, template: () => string, requestId?: string): ErrorAnswer {
  if (err instanceof BizError) {
    const message = errorMessage(err.messagePath ?? template(), err.code, locale) ?? err.detail ?? `Error ${err.code}`;
    return { status: 200, code: err.code, message };
  }
  if (err instanceof HttpError) {
    if (err.status === 401) return { status: 401, code: 401, message: 'Unauthorized' };
    return { status: err.status, code: err.status, message: err.detail ?? genericMessage(locale, err.status), extra: err.extra };
  }
  const parserError = err as BodyParserError;
  if (parserError?.type === 'entity.too.large') {
    return { status: 413, code: 413, message: `${genericMessage(locale, 413)} (limit ${String((parserError as { limit?: number }).limit ?? '')} bytes)` };
  }
  if (parserError?.type === 'entity.parse.failed') return { status: 400, code: 400, message: MALFORMED_JSON };
  if (parserError?.type && typeof parserError.status === 'number' && parserError.status < 500) {
    return { status: parserError.status, code: parserError.status, message: parserError.message };
  }
  return { status: 500, code: 500, message: genericMessage(locale, 500), extra: { requestId } };
}

export const MALFORMED_JSON = 'Malformed JSON in the request body';

/** Turns every error into an envelope (describeError); a 500 is logged with its stack. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function errorMapper(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const answer = describeError(err, req.ctx?.locale ?? 'en-US', () => req.ctx?.routeTemplate ?? routeTemplate(req), req.ctx?.requestId);
  if (answer.status === 500) logger().error({ err, requestId: req.ctx?.requestId, path: req.originalUrl }, 'unhandled error');
  sendError(req, res, answer.status, answer.code, answer.message, answer.extra);
}

export function notFound(req: Request, res: Response): void {
  sendError(req, res, 404, 404, `${genericMessage(req.ctx?.locale ?? 'en-US', 404)}: ${req.method} ${req.originalUrl.split('?')[0].slice(0, 200)}`);
}
