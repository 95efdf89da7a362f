import { config } from '../../../shared/config';
import { Router, type Request } from 'express';
import type { ClientMeta } from '../../../shared/domain/accounts';
import { HttpError } from '../../../shared/errors';
import {
  bindOAuth,
  bindWidget,
  loginConfig,
  loginWithOAuth,
  loginWithWidget,
  unbindThirdParty,
  type LoginContext,
} from '../../../shared/domain/third-party-login';
import { requirePlayer } from '../../http/auth';
import { route } from '../../http/envelope';
import { clientIp, rateLimit } from '../../http/rate-limit';
import { valid, validate } from '../../http/validate';
import {
  bindOAuthBody,
  bindWidgetBody,
  loginConfigQuery,
  loginOAuthBody,
  loginWidgetBody,
  receivedWidgetFields,
} from './third-party-schemas';

/**
 * Third-party logins (Part A 4.1): login-config, login-oauth, bind-oauth, login-widget, bind-widget,
 * unbind-oauth, unbind-widget. The rules are in shared/domain/third-party-login.ts.
 */
export const thirdPartyRoutes = Router();

/** Login attempts per IP and per minute on each of login-oauth and login-widget. */

const loginRateLimit = (name: string) =>
  rateLimit({
    name,
    get limit() {
      return config().limits.thirdPartyLoginPerIp;
    },
    windowSeconds: 60,
    keys: (req) => [clientIp(req)],
  });

/** The player id attached by requirePlayer. */
function playerId(req: Request): number {
  if (!req.player) throw new HttpError(401);
  return req.player.id;
}

const clientMeta = (req: Request): ClientMeta => ({ ip: req.ip ?? '', device: req.get('user-agent') ?? '' });

const loginContext = (req: Request, refCode?: string | null): LoginContext => ({
  siteCode: req.ctx.siteCode,
  locale: req.ctx.locale,
  meta: clientMeta(req),
  refCode,
});

/** GET /auth/login-config: authorization URL (fresh state and PKCE challenge) and widget settings. */
thirdPartyRoutes.get(
  '/login-config',
  validate('query', loginConfigQuery),
  route((req) => loginConfig(valid(req, 'query', loginConfigQuery).redirectAfter || null)),
);

/** POST /auth/login-oauth: 2001 to 2009. */
thirdPartyRoutes.post(
  '/login-oauth',
  loginRateLimit('login-oauth'),
  validate('body', loginOAuthBody),
  route(async (req) => {
    const { code, state, refCode } = valid(req, 'body', loginOAuthBody);
    return loginWithOAuth({ code, state }, loginContext(req, refCode));
  }),
);

/** POST /auth/bind-oauth: 2001 to 2009, 2010 bound to another user, 2011 e-mail used by another user. */
thirdPartyRoutes.post(
  '/bind-oauth',
  requirePlayer,
  validate('body', bindOAuthBody),
  route(async (req) => {
    const { code, state } = valid(req, 'body', bindOAuthBody);
    return bindOAuth(playerId(req), { code, state });
  }),
);

/** POST /auth/login-widget: 2001 bot token not set, 2002 hash check failed, 2003 expired. */
thirdPartyRoutes.post(
  '/login-widget',
  loginRateLimit('login-widget'),
  validate('body', loginWidgetBody),
  route(async (req) => {
    const received = receivedWidgetFields(req.body);
    const { refCode, ...data } = valid(req, 'body', loginWidgetBody);
    return loginWithWidget(data, received, loginContext(req, refCode));
  }),
);

/** POST /auth/bind-widget: 2001, 2002, 2003 as login-widget; 2010 bound to another user. */
thirdPartyRoutes.post(
  '/bind-widget',
  requirePlayer,
  validate('body', bindWidgetBody),
  route(async (req) => bindWidget(playerId(req), valid(req, 'body', bindWidgetBody), receivedWidgetFields(req.body))),
);

thirdPartyRoutes.post(
  '/unbind-oauth',
  requirePlayer,
  route(async (req) => unbindThirdParty(playerId(req), 'oauth')),
);

thirdPartyRoutes.post(
  '/unbind-widget',
  requirePlayer,
  route(async (req) => unbindThirdParty(playerId(req), 'widget')),
);
