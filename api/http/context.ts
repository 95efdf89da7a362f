import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { config } from '../../shared/config';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/i18n/locales';
import type { RefusalCodes } from './endpoint';
import { HttpError } from './errors';
import { isKnownSite } from '../../shared/domain/common';

export interface RequestContext {
  requestId: string;
  locale: Locale;
  /** Player site: `site-name` header, else SITE_CODE. */
  siteCode: string;
  /**
   * The `x-site-code` header or `siteCode` query as sent, not yet checked: an administrator's is checked
   * once the administrator is known (api/http/auth.ts), anyone else's before authentication
   * (checkAskedSite).
   */
  adminSiteAsked: AskedSite | null;
  /** The administrator's site, as checked (api/http/auth.ts); null: none (a platform administrator's every site). */
  adminSiteCode: string | null;
  /** The acting administrator's sites (null: a platform administrator), read by the authentication step. */
  adminSites?: readonly string[] | null;
  /** The matched endpoint's path template (with /api), for the access log and the metrics. */
  routeTemplate?: string;
  /** Set with routeTemplate: the endpoint's refusal map (api/http/endpoint.ts), for its error answers. */
  refusals?: RefusalCodes;
}

declare module 'express-serve-static-core' {
  interface Request {
    ctx: RequestContext;
  }
}

/** A site named by a request, and where (for the error message). */
export interface AskedSite {
  code: string;
  source: string;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const SITE_CODE = /^[A-Za-z0-9_-]{1,30}$/;

function header(req: { headers: IncomingHttpHeaders }, name: string): string | undefined {
  const value = req.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() !== '' ? text.trim() : undefined;
}

/** The request's id: a sane incoming `x-request-id`, else a new UUID. */
export function requestIdOf(req: { headers: IncomingHttpHeaders }): string {
  const incoming = header(req, 'x-request-id');
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The answer language: a known `locales` header, else the default. */
export function localeOf(req: { headers: IncomingHttpHeaders }): Locale {
  const locale = header(req, 'locales');
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** Request id and locale; runs before everything else. */
export function requestContext(req: Request, res: Response, next: NextFunction): void {
  const requestId = requestIdOf(req);
  req.ctx = {
    requestId,
    locale: localeOf(req),
    siteCode: config().siteCode,
    adminSiteAsked: null,
    adminSiteCode: null,
  };
  res.setHeader('x-request-id', requestId);
  next();
}

/** A known site code, else a 400 naming the code and where it came from. */
export async function checkSite({ code, source }: AskedSite): Promise<string> {
  if (!SITE_CODE.test(code) || !(await isKnownSite(code))) {
    throw new HttpError(400, `Unknown site "${code.slice(0, 40)}" in ${source}`);
  }
  return code;
}

/**
 * Resolves and validates the player site; records the administrator site as sent (checked later, so an
 * anonymous caller of an administrator endpoint learns nothing of which sites exist: docs/decisions/admin.md,
 * "Administrators bound to sites").
 */
export async function resolveSite(req: Request, _res: Response, next: NextFunction): Promise<void> {
  const siteName = header(req, 'site-name');
  if (siteName) req.ctx.siteCode = await checkSite({ code: siteName, source: 'the site-name header' });
  // req.query parses the URL again on every read: only a URL with a query string has one.
  const query = req.url.includes('?') ? req.query?.siteCode : undefined;
  const adminSite = header(req, 'x-site-code') ?? (typeof query === 'string' && query.trim() !== '' ? query.trim() : undefined);
  if (adminSite) req.ctx.adminSiteAsked = { code: adminSite, source: header(req, 'x-site-code') ? 'the x-site-code header' : 'the siteCode query' };
  next();
}

/** The site a request that no administrator makes names in x-site-code or siteCode: checked before anything else. */
export async function checkAskedSite(req: Request): Promise<void> {
  if (req.ctx.adminSiteAsked) req.ctx.adminSiteCode = await checkSite(req.ctx.adminSiteAsked);
}
