import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import { hasPermission, verifyAdminToken, verifyPlayerTokenCounting, type AuthenticatedAdmin, type PlayerClaims } from '../../shared/domain/auth/tokens';
import type { AuthSpec, Player } from './endpoint';
import { HttpError } from './errors';
import { countersOf, refuseOverLimit, type CountedRequest } from './rate-limit';

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

/** The requests to count once the player is known: the endpoint's IP and player rate limits. */
export type CountsOf = (playerId: number | undefined) => CountedRequest[];

/**
 * A current player token of the request's site, or null; `counted` when the endpoint's limits were
 * counted in the same Redis round trip as the token's version (and checked: over a limit throws 429).
 */
async function playerFrom(req: Request, countsOf: CountsOf): Promise<{ claims: PlayerClaims | null; counted: boolean }> {
  const token = bearerToken(req);
  if (!token) return { claims: null, counted: false };
  let counted: CountedRequest[] = [];
  const { claims, counts } = await verifyPlayerTokenCounting(token, (playerId) => countersOf((counted = countsOf(playerId))));
  // A token opens only its own site: a site-name header naming another site is refused.
  if (!claims || (req.headers['site-name'] && claims.site !== req.ctx.siteCode)) return { claims: null, counted: false };
  if (counts) refuseOverLimit(counted, counts);
  return { claims, counted: counts !== null };
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
  /** The endpoint's IP and player limits were counted with the token check (see playerFrom). */
  counted?: boolean;
}

/**
 * Authenticates the request as `auth` asks, or throws: 401 for a missing, invalid or superseded token
 * (an optional token that is present but invalid is refused too, so a client learns its session ended),
 * 403 for an administrator without the permission. A player's site becomes the request's site.
 */
export async function authenticate(req: Request, auth: AuthSpec, countsOf: CountsOf = () => []): Promise<Caller> {
  if (auth === 'none') return {};
  if (auth === 'player' || auth === 'optional-player') {
    if (auth === 'optional-player' && !bearerToken(req)) return { player: null };
    const { claims, counted } = await playerFrom(req, countsOf);
    if (!claims) throw new HttpError(401);
    const player = { id: claims.sub, account: claims.account, siteCode: claims.site };
    req.ctx.siteCode = claims.site;
    return { player, counted };
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
