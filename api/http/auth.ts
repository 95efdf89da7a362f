import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import {
  hasPermission,
  verifyAdminToken,
  verifyPlayerToken,
  type AuthenticatedAdmin,
  type PlayerClaims,
} from '../../shared/domain/auth-tokens';
import { HttpError } from '../../shared/errors';
import { holdUserDetail } from '../hot-paths/user-detail-cache';

declare module 'express-serve-static-core' {
  interface Request {
    player?: { id: number; account: string; siteCode: string };
    admin?: AuthenticatedAdmin;
  }
}

export function bearerToken(req: { headers: IncomingHttpHeaders }): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : undefined;
}

async function playerFrom(req: Request): Promise<PlayerClaims | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const claims = await verifyPlayerToken(token);
  // A token opens only its own site: a site-name header naming another site is refused.
  if (claims && req.headers['site-name'] && claims.site !== req.ctx.siteCode) return null;
  return claims;
}

function attach(req: Request, res: Response, claims: PlayerClaims): void {
  req.player = { id: claims.sub, account: claims.account, siteCode: claims.site };
  req.ctx.siteCode = claims.site;
  // A request that may change the player keeps their user-detail uncached until it has ended.
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.once('close', holdUserDetail(claims.sub)); // 'close': the answer was sent, or the client left
  }
}

/** Player endpoints: a valid, current player token or HTTP 401. */
export async function requirePlayer(req: Request, res: Response, next: NextFunction): Promise<void> {
  const claims = await playerFrom(req);
  if (!claims) return next(new HttpError(401));
  attach(req, res, claims);
  next();
}

/**
 * Endpoints with an optional token (GET /mission): no token = anonymous; a token that is present but
 * invalid is refused with 401 rather than silently ignored, so a client learns its session ended.
 */
export async function optionalPlayer(req: Request, res: Response, next: NextFunction): Promise<void> {
  if (!bearerToken(req)) return next();
  const claims = await playerFrom(req);
  if (!claims) return next(new HttpError(401));
  attach(req, res, claims);
  next();
}

/** Reads the administrator token from the Authorization header or, for browsers, a cookie. */
export async function authenticateAdmin(req: Request, cookieName?: string): Promise<AuthenticatedAdmin | null> {
  const cookies = (req as Request & { cookies?: Record<string, string> }).cookies;
  const token = bearerToken(req) ?? (cookieName ? cookies?.[cookieName] : undefined);
  return token ? verifyAdminToken(token) : null;
}

/**
 * Administrator endpoints of one permission module: a valid administrator token (401 otherwise) whose
 * group grants `<module>:read` for GET/HEAD and `<module>:write` for other methods (403 otherwise).
 */
export function requireAdmin(module: string, options: { cookieName?: string } = {}) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const admin = await authenticateAdmin(req, options.cookieName);
    if (!admin) return next(new HttpError(401));
    const needed = `${module}:${req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write'}`;
    if (!hasPermission(admin.permissions, needed)) {
      return next(new HttpError(403, `Permission denied: ${needed} is required`));
    }
    req.admin = admin;
    next();
  };
}
