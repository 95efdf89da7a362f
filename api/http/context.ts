import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { config } from '../../shared/config';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/i18n/locales';
import type { RefusalCodes } from './endpoint';
import { HttpError } from './errors';
import { isKnownSite } from '../../shared/domain/common/sites';

export interface RequestContext {
  requestId: string;
  locale: Locale;
  /** Player site: `site-name` header, else SITE_CODE. */
  siteCode: string;
  /** Administrator site filter: `x-site-code` header or `siteCode` query; null when not given. */
  adminSiteCode: string | null;
  /** Set when a route handler fails: the template its error message is looked up under. */
  routeTemplate?: string;
  /** Set with routeTemplate: the endpoint's refusal numbers (api/http/endpoint.ts). */
  refusals?: RefusalCodes;
}

declare module 'express-serve-static-core' {
  interface Request {
    ctx: RequestContext;
  }
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
    adminSiteCode: null,
  };
  res.setHeader('x-request-id', requestId);
  next();
}

async function checkSite(code: string, source: string): Promise<string> {
  if (!SITE_CODE.test(code) || !(await isKnownSite(code))) {
    throw new HttpError(400, `Unknown site "${code.slice(0, 40)}" in ${source}`);
  }
  return code;
}

/** Resolves and validates the player site and the administrator site filter. */
export async function resolveSite(req: Request, _res: Response, next: NextFunction): Promise<void> {
  const siteName = header(req, 'site-name');
  if (siteName) req.ctx.siteCode = await checkSite(siteName, 'the site-name header');
  // req.query parses the URL again on every read: only a URL with a query string has one.
  const query = req.url.includes('?') ? req.query?.siteCode : undefined;
  const adminSite = header(req, 'x-site-code') ?? (typeof query === 'string' && query.trim() !== '' ? query.trim() : undefined);
  if (adminSite) req.ctx.adminSiteCode = await checkSite(adminSite, header(req, 'x-site-code') ? 'the x-site-code header' : 'the siteCode query');
  next();
}
