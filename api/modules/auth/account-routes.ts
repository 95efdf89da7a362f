import cookieParser from 'cookie-parser';
import { Router, type Request } from 'express';
import type { ClientMeta } from '../../../shared/domain/accounts';
import {
  changeAvatar,
  changeLocale,
  countryCodes,
  countryLanguage,
  listMascots,
  loginPlayer,
  logoutPlayer,
  registerPlayer,
  userDetail,
} from '../../../shared/domain/players';
import { isLocale } from '../../../shared/i18n/locales';
import { requirePlayer } from '../../http/auth';
import { route } from '../../http/envelope';
import { clientIp, rateLimit, type RateLimitRule } from '../../http/rate-limit';
import { valid, validate } from '../../http/validate';
import { readUserDetail } from '../../hot-paths/user-detail';
import { avatarBody, localeBody, loginBody, registerBody, userDetailQuery } from './account-schemas';
import { config } from '../../../shared/config';

/**
 * Accounts and sessions (Part A 4.1): register, login, logout, user detail, locale, mascots, avatar and
 * country codes. The rules are in shared/domain/players.ts.
 */
export const accountRoutes = Router();

// ---------------------------------------------------------------------------------------------------
// Rate limits (fixed windows in Redis, api/http/rate-limit.ts). Each can be changed without a release
// through the environment variable named beside it (a positive integer; anything else = the default).

const loginPerIp: RateLimitRule = {
  name: 'login-ip',
  windowSeconds: 60,
  get limit() {
    return config().limits.loginPerIp;
  },
  keys: (req) => [clientIp(req)],
};

const loginPerAccount: RateLimitRule = {
  name: 'login-account',
  windowSeconds: 60,
  get limit() {
    return config().limits.loginPerAccount;
  },
  keys: (req) => [`${req.ctx.siteCode}:${valid(req, 'body', loginBody).account}`],
};

const registerPerIp: RateLimitRule = {
  name: 'register-ip',
  windowSeconds: 3600,
  get limit() {
    return config().limits.registerPerIp;
  },
  keys: (req) => [clientIp(req)],
};

// ---------------------------------------------------------------------------------------------------

/** IP and device of the request: the client-sent device fingerprint wins over the User-Agent (Part A 5.7). */
function clientMeta(req: Request, device?: string | null): ClientMeta {
  return { ip: req.ip ?? '', device: device || req.get('user-agent') || '' };
}

/** POST /auth/register: 2001 account exists in the site; 2002 refCode names no agent. */
accountRoutes.post(
  '/register',
  rateLimit(registerPerIp),
  validate('body', registerBody),
  route(async (req) => {
    const body = valid(req, 'body', registerBody);
    return registerPlayer({
      siteCode: req.ctx.siteCode,
      account: body.account,
      password: body.password,
      name: body.name,
      refCode: body.refCode,
      locale: req.ctx.locale,
      meta: clientMeta(req, body.device),
    });
  }),
);

/** POST /auth/login: 2001 account or password wrong. */
accountRoutes.post(
  '/login',
  rateLimit(loginPerIp),
  validate('body', loginBody),
  rateLimit(loginPerAccount),
  route(async (req) => {
    const body = valid(req, 'body', loginBody);
    return loginPlayer({ siteCode: req.ctx.siteCode, account: body.account, password: body.password, meta: clientMeta(req, body.device) });
  }),
);

/** GET /auth/user-detail[?related=loginLogs] */
accountRoutes.get(
  '/user-detail',
  requirePlayer,
  validate('query', userDetailQuery),
  route(async (req) => {
    const { related } = valid(req, 'query', userDetailQuery);
    return related ? userDetail(req.player!.id, { loginLogs: true }) : readUserDetail(req.player!.id);
  }),
);

/** GET /auth/country-codes: names in the language of the `i18n_redirected` cookie (default zh-TW). */
accountRoutes.get(
  '/country-codes',
  requirePlayer,
  cookieParser(),
  route(async (req) => {
    const cookies = (req as Request & { cookies?: Record<string, unknown> }).cookies;
    return countryCodes(countryLanguage(cookies?.i18n_redirected));
  }),
);

/** POST /auth/logout: locale from the `locales` header (absent or unsupported = keep the user's). */
accountRoutes.post(
  '/logout',
  requirePlayer,
  route(async (req) => {
    const requested = req.get('locales')?.trim();
    return logoutPlayer(req.player!.id, isLocale(requested) ? requested : null);
  }),
);

/** PATCH /auth/locale: 2001 unsupported locale. */
accountRoutes.patch(
  '/locale',
  requirePlayer,
  validate('body', localeBody),
  route(async (req) => changeLocale(req.player!.id, valid(req, 'body', localeBody).locale)),
);

/** GET /auth/mascots (public): the site's mascots, labels in the request locale. */
accountRoutes.get(
  '/mascots',
  route(async (req) => listMascots(req.ctx.siteCode, req.ctx.locale)),
);

/** PATCH /auth/avatar: 2001 unknown mascot id. */
accountRoutes.patch(
  '/avatar',
  requirePlayer,
  validate('body', avatarBody),
  route(async (req) => changeAvatar(req.player!.id, req.player!.siteCode, valid(req, 'body', avatarBody).mascotId)),
);
