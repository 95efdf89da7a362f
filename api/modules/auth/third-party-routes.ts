import type { Request } from 'express';
import { config } from '../../../shared/config';
import {
  bindOAuth,
  bindWidget,
  type ClientMeta,
  loginConfig,
  type LoginContext,
  loginWithOAuth,
  loginWithWidget,
  unbindThirdParty,
} from '../../../shared/domain/auth';
import type { RequestMeta } from '../../../shared/domain/audit';
import { readDeviceId } from '../../../shared/domain/risk';
import type { Locale } from '../../../shared/i18n/locales';
import { endpoint } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import { bindOAuthBody, bindWidgetBody, loginConfigQuery, loginOAuthBody, loginWidgetBody, receivedWidgetFields } from './third-party-schemas';
import { totpLoginRefusals } from './totp-refusals';
import * as answers from './answers';

/**
 * Third-party logins: login-config, login-oauth, bind-oauth, login-widget, bind-widget,
 * unbind-oauth, unbind-widget. The rules are in shared/domain/auth/ (login-config, oauth-login,
 * widget-login, third-party-accounts). Login attempts are limited per IP and per minute on each of
 * login-oauth and login-widget (THIRD_PARTY_LOGIN_RATE_LIMIT); authenticator codes per account
 * (shared/domain/auth/totp-codes.ts).
 */
const loginPerIp = (name: string) => [limitRule(name, 'ip', () => config().limits.thirdPartyLoginPerIp)];

/** What login-oauth and bind-oauth answer while finding out who the provider says the caller is. */
const oauthIdentityRefusals = {
  'auth.oauthNotConfigured': 2001,
  'auth.oauthStateMalformed': 2002,
  'auth.oauthStateSignatureWrong': 2003,
  'auth.oauthStateUnreadable': 2004,
  'auth.oauthStateExpired': 2005,
  'auth.oauthStateNoVerifier': 2006,
  'auth.oauthExchangeFailed': 2007,
  'auth.oauthIdTokenInvalid': 2008,
  'auth.oauthNoSubject': 2009,
} as const;

/** What login-widget and bind-widget answer while checking the widget's data. */
const widgetDataRefusals = { 'auth.widgetNotConfigured': 2001, 'auth.widgetHashWrong': 2002, 'auth.widgetAuthStale': 2003 } as const;

/** The `x-device-id` header, when usable, is the device's linking signal (docs/decisions/risk.md). */
const clientMeta = (meta: RequestMeta, req: Request): ClientMeta => ({
  ip: meta.ip ?? '',
  device: meta.userAgent ?? '',
  deviceId: readDeviceId(req.headers['x-device-id']),
});

const loginContext = (call: { site: string; locale: Locale; meta: RequestMeta; req: Request }, refCode?: string | null): LoginContext => ({
  siteCode: call.site,
  locale: call.locale,
  meta: clientMeta(call.meta, call.req),
  refCode,
});

export const thirdPartyEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/auth/login-config',
      result: answers.getAuthLoginConfig,
      auth: 'none',
      query: loginConfigQuery,
      refusals: { 'auth.oauthNotConfigured': 2001 },
      summary: 'The authorization URL (fresh state and PKCE challenge) and widget settings',
    },
    ({ query }) => loginConfig(query.redirectAfter || null),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/login-oauth',
      result: answers.postAuthLoginOauth,
      auth: 'none',
      body: loginOAuthBody,
      limits: loginPerIp('login-oauth'),
      refusals: { ...oauthIdentityRefusals, ...totpLoginRefusals, 'auth.accountClosed': 2012 },
      summary:
        'Log in with the OAuth provider (`totpCode` when the account has an authenticator enabled: after 2020 or 2021, post the same code and state again with it)',
    },
    (call) => loginWithOAuth({ code: call.body.code, state: call.body.state, totpCode: call.body.totpCode }, loginContext(call, call.body.refCode)),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/bind-oauth',
      result: answers.postAuthBindOauth,
      auth: 'player',
      body: bindOAuthBody,
      refusals: { ...oauthIdentityRefusals, 'auth.oauthBoundElsewhere': 2010, 'auth.oauthEmailUsedElsewhere': 2011 },
      summary: 'Bind the OAuth account',
    },
    ({ player, body }) => bindOAuth(player.id, { code: body.code, state: body.state }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/login-widget',
      result: answers.postAuthLoginWidget,
      auth: 'none',
      body: loginWidgetBody,
      limits: loginPerIp('login-widget'),
      refusals: { ...widgetDataRefusals, ...totpLoginRefusals, 'auth.accountClosed': 2012 },
      summary: 'Log in with the messenger widget (`totpCode`, not signed, when the account has an authenticator enabled: 2020 asks for it)',
    },
    (call) => {
      const { refCode, totpCode, ...data } = call.body;
      return loginWithWidget(data, receivedWidgetFields(call.req.body), loginContext(call, refCode), totpCode);
    },
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/bind-widget',
      result: answers.postAuthBindWidget,
      auth: 'player',
      body: bindWidgetBody,
      refusals: { ...widgetDataRefusals, 'auth.widgetAuthStale': { code: 2003, wording: 'bind' }, 'auth.widgetBoundElsewhere': 2010 },
      summary: 'Bind the messenger account',
    },
    ({ player, body, req }) => bindWidget(player.id, body, receivedWidgetFields(req.body)),
  ),
  endpoint(
    { method: 'post', path: '/auth/unbind-oauth', result: answers.postAuthUnbindOauth, auth: 'player', summary: 'Unbind the OAuth account' },
    ({ player }) => unbindThirdParty(player.id, 'oauth'),
  ),
  endpoint(
    { method: 'post', path: '/auth/unbind-widget', result: answers.postAuthUnbindOauth, auth: 'player', summary: 'Unbind the messenger account' },
    ({ player }) => unbindThirdParty(player.id, 'widget'),
  ),
];
