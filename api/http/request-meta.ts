import type { Request } from 'express';
import type { RequestMeta } from '../../shared/domain/audit';

/** Who asked and how, for the operation log and login records. */
export function requestMeta(req: Request): RequestMeta {
  return {
    ip: req.ip ?? null,
    userAgent: req.get('user-agent') ?? null,
    method: req.method,
    path: req.originalUrl.split('?')[0],
  };
}
