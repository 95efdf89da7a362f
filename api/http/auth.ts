import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import { hasPermission, verifyAdminToken, verifyPlayerToken, type AuthenticatedAdmin, type PlayerClaims } from '../../shared/domain/auth/tokens';
import type { AuthSpec, Player } from './endpoint';
import { HttpError } from './errors';

/**
 * The authentication step of the pipeline (api/http/pipeline.ts): who the caller is, as the endpoint's
 * `auth` asks. Player and administrator tokens are separate secrets and kinds, so one never opens the
 * other's endpoints.
 */

export function bearerToken(req: { headers: IncomingHttpHeaders }): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : undefined;
}

/** A current player token of the request's site, or null. */
async function playerFrom(req: Request): Promise<PlayerClaims | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const claims = await verifyPlayerToken(token);
  // A token opens only its own site: a site-name header naming another site is refused.
  if (claims && req.headers['site-name'] && claims.site !== req.ctx.siteCode) return null;
  return claims;
}

/** Reads the administrator token from the Authorization header or, for browsers, a cookie. */
export async function authenticateAdmin(req: Request, cookieName?: string): Promise<AuthenticatedAdmin | null> {
  const cookies = (req as Request & { cookies?: Record<string, string> }).cookies;
  const token = bearerToken(req) ?? (cookieName ? cookies?.[cookieName] : undefined);
  return token ? verifyAdminToken(token) : null;
}

/** The permission a method needs in a module: `<module>:read` for GET/HEAD, `<module>:write` otherwise. */
export function neededPermission(module: string, method: string): string {
  return `${module}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`;
}

export interface Caller {
  player?: Player | null;
  admin?: AuthenticatedAdmin;
}

/**
 * Authenticates the request as `auth` asks, or throws: 401 for a missing, invalid or superseded token
 * (an optional token that is present but invalid is refused too, so a client learns its session ended),
 * 403 for an administrator without the permission. A player's site becomes the request's site.
 */
export async function authenticate(req: Request, auth: AuthSpec): Promise<Caller> {
  if (auth === 'none') return {};
  if (auth === 'player' || auth === 'optional-player') {
    if (auth === 'optional-player' && !bearerToken(req)) return { player: null };
    const claims = await playerFrom(req);
    if (!claims) throw new HttpError(401);
    const player = { id: claims.sub, account: claims.account, siteCode: claims.site };
    req.ctx.siteCode = claims.site;
    return { player };
  }
  if ('signature' in auth) {
    auth.signature.verify(req);
    return {};
  }
  const admin = await authenticateAdmin(req, auth.cookie);
  if (!admin) throw new HttpError(401);
  if (auth.admin !== null) {
    const needed = neededPermission(auth.admin, req.method);
    if (!hasPermission(admin.permissions, needed)) throw new HttpError(403, `Permission denied: ${needed} is required`);
  }
  return { admin };
}
