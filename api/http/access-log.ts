import type { NextFunction, Request, Response } from 'express';
import { logger } from '../../shared/logger';
import { observeRequest } from '../../shared/metrics';

/**
 * Per finished request: its duration in the request histogram (shared/metrics.ts), by the route
 * template the pipeline set (`req.ctx.routeTemplate`) or 'unmatched', and one JSON access line (request
 * id, method, url, status, duration): `error` for 5xx, `info` otherwise. When the logger's level is above
 * `info` (LOG_LEVEL=warn in load runs) only the 5xx lines are written; a request costs one `finish`
 * listener either way. Unhandled errors are also logged with their stack by the error mapper.
 */
export function accessLog(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    observeRequest(req.method, req.ctx?.routeTemplate ?? 'unmatched', res.statusCode, ms / 1000);
    logFinished(req.ctx?.requestId, req.method, req.originalUrl, res.statusCode, ms);
  });
  next();
}

/** The access line of one finished request that took `ms` milliseconds. */
function logFinished(requestId: string | undefined, method: string | undefined, url: string | undefined, status: number, ms: number): void {
  const log = logger();
  if (status >= 500) log.error({ requestId, method, url, status, responseTime: ms }, 'request failed');
  else if (log.isLevelEnabled('info')) log.info({ requestId, method, url, status, responseTime: ms }, 'request completed');
}
