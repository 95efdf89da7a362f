import type { NextFunction, Request, Response } from 'express';
import { logger } from '../../shared/logger';

/**
 * One JSON line per finished request (request id, method, url, status, duration): `error` for 5xx,
 * `info` otherwise. When the logger's level is above `info` (LOG_LEVEL=warn in load runs) only the
 * 5xx lines can be written, and a request costs one `finish` listener and no allocation beyond it;
 * unhandled errors are also logged with their stack by the error mapper.
 */
export function accessLog(req: Request, res: Response, next: NextFunction): void {
  const log = logger();
  if (!log.isLevelEnabled('info') && !log.isLevelEnabled('error')) return next();
  const started = process.hrtime.bigint();
  res.once('finish', () => logFinished(req.ctx?.requestId, req.method, req.originalUrl, res.statusCode, started));
  next();
}

/** The access line of one finished request (also written by the hot paths that bypass Express). */
export function logFinished(requestId: string | undefined, method: string | undefined, url: string | undefined, status: number, started: bigint): void {
  const log = logger();
  if (status < 500 && !log.isLevelEnabled('info')) return;
  const line = { requestId, method, url, status, responseTime: Number(process.hrtime.bigint() - started) / 1e6 };
  if (status >= 500) log.error(line, 'request failed');
  else log.info(line, 'request completed');
}
