import type { NextFunction, Request, Response } from 'express';
import { commitOutcome } from '../../shared/db/commit-outcome';
import { ForbiddenError, InputError, NotFoundError, Refusal, SessionEndedError, UnavailableError } from '../../shared/errors';
import { unavailableDependency, type Dependency } from '../../shared/unavailable-dependency';
import type { Locale } from '../../shared/i18n/locales';
import { logger } from '../../shared/logger';
import { sendError } from './envelope';
import { HttpError } from './errors';
import { WalletError } from '../../shared/domain/wallet';
import { refusalCode, type RefusalCodes } from './endpoint';
import { genericText } from './generic-texts';

function genericMessage(locale: Locale, status: number): string {
  return genericText(status, locale) ?? 'Error';
}

/** What an error answers: HTTP status, envelope code and message, extra envelope fields. */
export interface ErrorAnswer {
  status: number;
  code: number;
  message: string;
  extra?: Record<string, unknown>;
  /** A 503 for an outage: the dependency, for the log line (never in the answer). */
  dependency?: Dependency;
}

/**
 * Seconds a client waits before repeating a request that met a Postgres or Redis outage: a restart or
 * a fail-over takes a few seconds (docs/decisions/platform.md, "A dependency outage is a 503 that says
 * whether anything may have changed").
 */
export const OUTAGE_RETRY_AFTER_S = 5;

/**
 * The answer to an outage of Postgres or Redis: 503, `Retry-After`, and in `data.outcome` whether this
 * request may have changed anything: `none` (nothing it sent could have committed: repeat it) or
 * `unknown` (a COMMIT or an autocommit write was sent and its answer lost, or something committed before
 * the outage was met: read the state, or repeat with the same idempotency key, before repeating it).
 */
export function outageAnswer(locale: Locale, dependency: Dependency): ErrorAnswer {
  return {
    status: 503,
    code: 503,
    message: genericMessage(locale, 503),
    extra: { data: { outcome: commitOutcome() }, retryAfter: OUTAGE_RETRY_AFTER_S },
    dependency,
  };
}

/**
 * The one place where errors get HTTP statuses: a Refusal with the number its endpoint maps it to (HTTP
 * 200 for business codes) and the refusal's text in the caller's locale (the name's, or the wording the
 * map picks); a Refusal the endpoint does not map is a bug of its declaration, a 500; the domain's InputError as a 400
 * naming the field, ForbiddenError 403, NotFoundError 404, SessionEndedError 401, UnavailableError 503,
 * a wallet refusal no caller mapped 409 (walletRefusal);
 * the edge's HttpError with its status (body failures are HttpErrors from api/http/body.ts); Postgres or Redis
 * unavailable a 503 with Retry-After (outageAnswer); anything else a 500 with a generic message (never a
 * stack trace).
 */
export function describeError(err: unknown, locale: Locale, requestId?: string, refusals?: RefusalCodes): ErrorAnswer {
  if (err instanceof Refusal) {
    const mapped = refusalCode(refusals, err.refusal);
    // A refusal its endpoint does not declare is a bug of the declaration: a 500, logged by answerError.
    if (mapped) {
      const extra = err.data === undefined ? undefined : { data: err.data };
      return { status: mapped.code < 1000 ? mapped.code : 200, code: mapped.code, message: mapped.text[locale], extra };
    }
  }
  if (err instanceof InputError) {
    return {
      status: 400,
      code: 400,
      message: `Invalid ${err.source}: ${err.field}: ${err.reason}`,
      extra: { errors: [{ field: err.field, message: err.reason }] },
    };
  }
  if (err instanceof ForbiddenError) return { status: 403, code: 403, message: err.message };
  if (err instanceof NotFoundError) return { status: 404, code: 404, message: err.message };
  if (err instanceof SessionEndedError) return { status: 401, code: 401, message: 'Unauthorized' };
  if (err instanceof UnavailableError) return { status: 503, code: 503, message: err.message };
  if (err instanceof WalletError) return walletRefusal(err);
  if (err instanceof HttpError) {
    if (err.status === 401) return { status: 401, code: 401, message: 'Unauthorized' };
    if (err.status === 413) return { status: 413, code: 413, message: `${genericMessage(locale, 413)} (limit ${String(err.extra?.limit ?? '')} bytes)` };
    return { status: err.status, code: err.status, message: err.detail ?? genericMessage(locale, err.status), extra: err.extra };
  }
  const dependency = unavailableDependency(err);
  if (dependency) return outageAnswer(locale, dependency);
  return { status: 500, code: 500, message: genericMessage(locale, 500), extra: { requestId } };
}

/**
 * A wallet refusal that its caller did not turn into one of its own codes (simulate and the provider
 * callbacks do; a mission or promotion reward does not): still a refusal with nothing moved, never a
 * 500. A balance that would pass what its column holds, or too little to cover a movement, is a 409
 * with its reason; a bad amount a 400; a player gone a 404.
 */
const WALLET_REFUSALS: Record<WalletError['reason'], { status: 400 | 404 | 409; message: string }> = {
  BALANCE_OVERFLOW: { status: 409, message: 'The balance would exceed what it can hold; nothing was moved' },
  INSUFFICIENT_FUNDS: { status: 409, message: 'The balance does not cover this movement; nothing was moved' },
  INSUFFICIENT_FROZEN: { status: 409, message: 'The frozen balance does not cover this movement; nothing was moved' },
  IDEMPOTENCY_CONFLICT: { status: 409, message: 'This movement key was already used for another movement; nothing was moved' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  INVALID_AMOUNT: { status: 400, message: 'Invalid amount' },
};

function walletRefusal(err: WalletError): ErrorAnswer {
  const { status, message } = WALLET_REFUSALS[err.reason];
  return { status, code: status, message, extra: status === 409 ? { reason: err.reason } : undefined };
}

/** Answers an error as an envelope (describeError); a 500 is logged with its stack. */
export function answerError(req: Request, res: Response, err: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const answer = describeError(err, req.ctx?.locale ?? 'en-US', req.ctx?.requestId, req.ctx?.refusals);
  if (answer.status === 500) logger().error({ err, requestId: req.ctx?.requestId, path: req.originalUrl }, 'unhandled error');
  if (answer.dependency) {
    const { message } = err as Error;
    logger().warn(
      { dependency: answer.dependency, error: message, outcome: answer.extra?.data, requestId: req.ctx?.requestId, path: req.originalUrl },
      'dependency unavailable',
    );
  }
  if (answer.extra?.retryAfter !== undefined) res.setHeader('Retry-After', String(answer.extra.retryAfter));
  sendError(req, res, answer.status, answer.code, answer.message, answer.extra);
}

/** Express's error handler: what escaped the pipeline (body parsing, site resolution) as an envelope. */
export function errorMapper(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  answerError(req, res, err);
}

export function notFound(req: Request, res: Response): void {
  sendError(req, res, 404, 404, `${genericMessage(req.ctx?.locale ?? 'en-US', 404)}: ${req.method} ${req.originalUrl.split('?')[0].slice(0, 200)}`);
}
