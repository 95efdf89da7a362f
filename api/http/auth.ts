import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import { platformOnly, refuseSite, siteScopeOf, type SiteScope } from '../../shared/domain/admin';
import { type AuthenticatedAdmin, hasPermission, noteActivity, type PlayerClaims, verifyAdminToken, verifyPlayerTokenCounting } from '../../shared/domain/auth';
import { checkSite } from './context';
import type { AuthSpec, Player } from './endpoint';
import { HttpError } from './errors';
import { countersOf, refuseOverLimit, type CountedRequest } from './rate-limit';
import { requestMeta } from './request-meta';

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

/** One cookie of the request: as a cookie parser read it (Bull Board's router), else from the Cookie header. */
function cookieOf(req: Request, name: string): string | undefined {
  const parsed = (req as Request & { cookies?: Record<string, string> }).cookies;
  if (parsed) return parsed[name];
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Reads the administrator token from the Authorization header or, for browsers, a cookie. */
export async function authenticateAdmin(req: Request, cookieName?: string): Promise<AuthenticatedAdmin | null> {
  const token = bearerToken(req) ?? (cookieName ? cookieOf(req, cookieName) : undefined);
  return token ? verifyAdminToken(token) : null;
}

/** The permission a method needs in a module: `<module>:read` for GET/HEAD, `<module>:write` otherwise. */
export function neededPermission(module: string, method: string): string {
  return `${module}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`;
}

/** The refusal (403, written to the operation log) of a site a site-bound administrator does not hold. */
function refuseForeignSite(req: Request, admin: AuthenticatedAdmin, site: string | null, reason: string, detail?: Record<string, unknown>) {
  return refuseSite({ adminId: admin.id, site, meta: requestMeta(req), reason, detail: { sites: req.ctx.adminSites, ...detail } });
}

const quoted = (site: string) => `"${site.slice(0, 40)}"`;

/**
 * The site an administrator's request acts on (docs/decisions/admin.md, "Administrators bound to sites"),
 * decided once the token is known, so that an anonymous caller learns nothing of which sites exist. A
 * platform administrator acts on the site it names (an unknown one is a 400) or on none. A site-bound
 * one acts on the site it names if it holds it, else on its only site; with several sites it must name
 * one, except on the endpoints about its own account (`permission` null). A site it does not hold, or
 * a platform-only permission, is a 403 written to the operation log.
 */
async function adminSite(req: Request, admin: AuthenticatedAdmin, permission: string | null): Promise<string | null> {
  const asked = req.ctx.adminSiteAsked;
  const sites = (req.ctx.adminSites = await siteScopeOf(admin.id));
  if (sites === null) return asked ? checkSite(asked) : null;
  if (permission !== null && platformOnly(permission)) {
    throw await refuseForeignSite(req, admin, asked?.code ?? null, `${permission} is for platform administrators only`, { permission });
  }
  if (asked) {
    if (sites.includes(asked.code)) return asked.code;
    throw await refuseForeignSite(req, admin, asked.code, `site ${quoted(asked.code)} is not one of your sites`, { permission });
  }
  if (sites.length === 1) return sites[0];
  if (sites.length === 0) throw await refuseForeignSite(req, admin, null, 'you are bound to no site', { permission });
  if (permission === null) return null;
  throw new HttpError(400, `Name one of your sites in the x-site-code header or the siteCode query: ${sites.join(', ')}`);
}

/** Body fields that name a site an administrator's write lands on or copies from. */
const BODY_SITE_FIELDS = ['siteCode', 'sourceSiteCode', 'targetSiteCode', 'copyFrom'] as const;

/**
 * Refuses (403, logged) a site-bound administrator's body naming a site it does not hold. The pipeline
 * runs it before validation, so the answer does not tell whether that site exists.
 */
export async function refuseForeignBodySites(req: Request, admin: AuthenticatedAdmin | undefined): Promise<void> {
  const sites = req.ctx.adminSites;
  if (!admin || !sites || typeof req.body !== 'object' || req.body === null) return;
  for (const field of BODY_SITE_FIELDS) {
    const value: unknown = (req.body as Record<string, unknown>)[field];
    if (typeof value !== 'string' || value.trim() === '' || sites.includes(value.trim())) continue;
    throw await refuseForeignSite(req, admin, value.trim(), `site ${quoted(value.trim())} in ${field} is not one of your sites`, { field });
  }
}

/** The acting administrator's sites (null: a platform administrator), as the authentication step read them. */
export function adminSitesOf(req: Request): SiteScope {
  const sites = req.ctx.adminSites;
  if (sites === undefined) throw new Error('adminSitesOf: not an authenticated administrator request');
  return sites;
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
 * 403 for an administrator without the permission or outside its sites. A player's site becomes the
 * request's site, and the request counts as the player's activity; an administrator's site is decided
 * by adminSite.
 */
export async function authenticate(req: Request, auth: AuthSpec, countsOf: CountsOf = () => []): Promise<Caller> {
  if (auth === 'none') return {};
  if (auth === 'player' || auth === 'optional-player') {
    if (auth === 'optional-player' && !bearerToken(req)) return { player: null };
    const { claims, counted } = await playerFrom(req, countsOf);
    if (!claims) throw new HttpError(401);
    const player = { id: claims.sub, account: claims.account, siteCode: claims.site };
    req.ctx.siteCode = claims.site;
    // lastActivityAt, at most once per window and without delaying the request (shared/domain/auth/last-activity.ts).
    noteActivity(player.id);
    return { player, counted };
  }
  if ('signature' in auth) {
    auth.signature.verify(req);
    return {};
  }
  const admin = await authenticateAdmin(req, auth.cookie);
  if (!admin) throw new HttpError(401);
  const needed = auth.admin !== null ? neededPermission(auth.admin, req.method) : null;
  if (needed !== null && !hasPermission(admin.permissions, needed)) throw new HttpError(403, `Permission denied: ${needed} is required`);
  req.ctx.adminSiteCode = await adminSite(req, admin, needed);
  return { admin };
}
