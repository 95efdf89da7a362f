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
  const infoEnabled = log.isLevelEnabled('info');
  if (!infoEnabled && !log.isLevelEnabled('error')) return next();
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const status = res.statusCode;
    if (status < 500 && !infoEnabled) return;
    const line = {
      requestId: req.ctx?.requestId,
      method: req.method,
      url: req.originalUrl,
      status,
      responseTime: Number(process.hrtime.bigint() - started) / 1e6,
    };
    if (status >= 500) log.error(line, 'request failed');
    else log.info(line, 'request completed');
  });
  next();
}
