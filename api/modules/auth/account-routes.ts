import cookieParser from 'cookie-parser';
import { config } from '../../../shared/config';
import {
  accountKey,
  changeAvatar,
  closeAccount,
  changeLocale,
  type ClientMeta,
  countryCodes,
  countryLanguage,
  listMascots,
  loginPlayer,
  logoutPlayer,
  registerPlayer,
  userDetail,
} from '../../../shared/domain/auth';
import type { Request } from 'express';
import { readDeviceId } from '../../../shared/domain/risk';
import { isLocale } from '../../../shared/i18n/locales';
import { endpoint } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import { avatarBody, closeAccountBody, localeBody, loginBody, registerBody, userDetailQuery } from './account-schemas';
import { nationalRegisterCodes } from '../risk/refusal-codes';
import { totpLoginRefusals } from './totp-refusals';
import * as answers from './answers';

/**
 * Accounts and sessions: register, login, logout, user detail, locale, mascots, avatar and
 * country codes. The rules are in shared/domain/auth/ (registration, password-login, profile, logout,
 * mascots, country-codes). Rate limits from config().limits
 * (RATE_LIMIT_LOGIN_PER_IP, RATE_LIMIT_LOGIN_PER_ACCOUNT, RATE_LIMIT_REGISTER_PER_IP).
 */
const loginPerIp = limitRule('login-ip', 'ip', () => config().limits.loginPerIp);
// Counted by the account's key: every look-alike of a name logs in to the same account (account-names.ts).
const loginPerAccount = limitRule<{ site: string; body: { account: string } }>(
  'login-account',
  (call) => `${call.site}:${accountKey(call.body.account)}`,
  () => config().limits.loginPerAccount,
);
const registerPerIp = limitRule('register-ip', 'ip', () => config().limits.registerPerIp, 3600);

/**
 * IP and device of the request: the client-sent device fingerprint wins over the User-Agent; the
 * `x-device-id` header, when usable, is the device's linking signal (docs/decisions/risk.md).
 */
function clientMeta(call: { meta: { ip: string | null; userAgent: string | null }; req: Request }, device?: string | null): ClientMeta {
  return { ip: call.meta.ip ?? '', device: device || call.meta.userAgent || '', deviceId: readDeviceId(call.req.headers['x-device-id']) };
}

/** The `i18n_redirected` cookie, the only cookie a player endpoint reads. */
const readCookies = cookieParser();

export const accountEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/auth/register',
      result: answers.postAuthRegister,
      links: { login: { to: 'post /auth/login', requestBody: '$request.body', description: 'Log in with the account and password just registered' } },
      examples: {
        body: { account: 'player1', password: 'secret-password', name: 'Player One', refCode: null },
        result: { token: 'eyJhbGciOiJIUzI1NiJ9...', user: { id: 42, name: 'Player One' }, vendorGroupId: 1 },
      },
      auth: 'none',
      body: registerBody,
      limits: [registerPerIp],
      refusals: { 'auth.accountTaken': 2001, 'auth.refCodeUnknown': 2002, ...nationalRegisterCodes },
      summary: 'Register a player',
    },
    (call) => {
      const { body } = call;
      return registerPlayer({
        siteCode: call.site,
        account: body.account,
        password: body.password,
        name: body.name,
        refCode: body.refCode,
        locale: call.locale,
        meta: clientMeta(call, body.device),
      });
    },
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/login',
      result: answers.postAuthLogin,
      examples: { body: { account: 'player1', password: 'secret-password' } },
      auth: 'none',
      body: loginBody,
      limits: [loginPerIp, loginPerAccount],
      refusals: { 'auth.credentialsWrong': 2001, 'auth.accountClosed': 2003, ...totpLoginRefusals, ...nationalRegisterCodes },
      summary: 'Log a player in (`totpCode` when the account has an authenticator enabled: 2020 asks for it)',
    },
    (call) =>
      loginPlayer({
        siteCode: call.site,
        account: call.body.account,
        password: call.body.password,
        totpCode: call.body.totpCode,
        meta: clientMeta(call, call.body.device),
      }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/auth/user-detail',
      result: answers.getAuthUserDetail,
      auth: 'player',
      query: userDetailQuery,
      summary: "The player's profile, with the latest login rows when asked",
    },
    ({ player, query }) => userDetail(player.id, { loginLogs: Boolean(query.related) }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/auth/country-codes',
      result: answers.getAuthCountryCodes,
      auth: 'player',
      summary: 'Calling codes, named in the language of the i18n_redirected cookie',
    },
    async ({ req, res }) => {
      await new Promise<void>((resolve) => readCookies(req, res, () => resolve()));
      const cookies = (req as typeof req & { cookies?: Record<string, unknown> }).cookies;
      return countryCodes(countryLanguage(cookies?.i18n_redirected));
    },
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/logout',
      result: answers.postAuthLogout,
      auth: 'player',
      summary: 'End every session of the player; locale from the `locales` header',
    },
    ({ player, req }) => {
      const requested = req.get('locales')?.trim();
      return logoutPlayer(player.id, isLocale(requested) ? requested : null);
    },
  ),
  endpoint(
    {
      method: 'post',
      path: '/auth/close-account',
      result: answers.postAuthCloseAccount,
      auth: 'player',
      body: closeAccountBody,
      refusals: {
        'auth.closeUnconfirmed': 2001,
        'auth.closeBalanceLeft': 2002,
        'auth.accountClosed': 2003,
        'auth.totpCodeWrong': 2021,
        'auth.totpLocked': 2022,
      },
      summary: 'Close the account for good, confirmed by the password or an authenticator code; withdraw the balance first (2002); every session ends',
    },
    ({ player, body, meta }) => closeAccount(player.id, { password: body.password, totpCode: body.totpCode }, meta),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/auth/locale',
      result: answers.patchAuthLocale,
      auth: 'player',
      body: localeBody,
      refusals: { 'auth.localeUnsupported': 2001 },
      summary: "Change the player's locale",
    },
    ({ player, body }) => changeLocale(player.id, body.locale),
  ),
  endpoint({ method: 'get', path: '/auth/mascots', result: answers.getAuthMascots, auth: 'none', summary: "The site's mascots" }, ({ site, locale }) =>
    listMascots(site, locale),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/auth/avatar',
      result: answers.patchAuthAvatar,
      auth: 'player',
      body: avatarBody,
      refusals: { 'auth.mascotUnknown': 2001 },
      summary: "Change the player's mascot",
    },
    ({ player, body }) => changeAvatar(player.id, player.siteCode, body.mascotId),
  ),
];
