import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { config } from '../../config';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { BizError, HttpError } from '../../errors';
import type { Locale } from '../../i18n/locales';
import {
  IdTokenError,
  OAuthExchangeError,
  authorizationUrl,
  createPkcePair,
  exchangeCode,
  oauthSettings,
  verifyIdToken,
  type IdTokenClaims,
} from '../../integrations/oauth';
import { widgetAuthDateFresh, widgetHashMatches, widgetSettings, type WidgetFieldValue } from '../../integrations/widget';
import { completeLogin, createPlayer, findUplineByRefCode, type ClientMeta } from './accounts';
import { avatarOf, loginUser, type LoginUser } from './user-view';

/**
 * Third-party logins (Part A 4.1): the OAuth 2.0 authorization-code flow with PKCE and the messenger
 * login widget, for logging in (creating the player on first use) and for binding to or unbinding from
 * a logged-in player. Error codes are those of login-oauth / bind-oauth and login-widget / bind-widget.
 */

// ---------------------------------------------------------------------------------------------------
// OAuth state: base64url(JSON {v: 1, n, cv, ra, iat}) + '.' + base64url(HMAC-SHA256(payload, JWT secret))

/** A state is accepted for this long after it was issued (Part A 8). */
export const OAUTH_STATE_TTL_S = 600;
/** A state issued this far in the future (clock moved back) is still accepted. */
const STATE_FUTURE_SKEW_S = 60;
const STATE_FORMAT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export interface OAuthState {
  v: 1;
  /** Random nonce. */
  n: string;
  /** PKCE code verifier. */
  cv: string;
  /** Where the client goes after login (a same-site path), or null. */
  ra: string | null;
  /** Issue time, Unix seconds. */
  iat: number;
}

function stateMac(payload: string): Buffer {
  return createHmac('sha256', config().jwt.secret).update(payload).digest();
}

export function signState(state: OAuthState): string {
  const payload = Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
  return `${payload}.${stateMac(payload).toString('base64url')}`;
}

/**
 * Checks a state in the order of Part A 4.1: 2002 format, 2003 signature, 2004 decoding, 2005 age,
 * 2006 no code verifier.
 */
export function verifyState(state: string, nowMs = Date.now()): OAuthState {
  if (!STATE_FORMAT.test(state)) throw new BizError(2002);
  const [payload, signature] = state.split('.');
  // Compared as canonical base64url text, so no second spelling of the same bytes is accepted.
  const expected = Buffer.from(stateMac(payload).toString('base64url'), 'utf8');
  const received = Buffer.from(signature, 'utf8');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw new BizError(2003);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new BizError(2004);
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw new BizError(2004);
  const fields = decoded as Record<string, unknown>;
  if (fields.v !== 1) throw new BizError(2002);
  if (typeof fields.iat !== 'number' || !Number.isFinite(fields.iat)) throw new BizError(2004);
  const now = Math.floor(nowMs / 1000);
  if (now - fields.iat > OAUTH_STATE_TTL_S || fields.iat - now > STATE_FUTURE_SKEW_S) throw new BizError(2005);
  // RFC 7636: a verifier is 43 to 128 characters of the unreserved set.
  if (typeof fields.cv !== 'string' || !/^[A-Za-z0-9._~-]{43,128}$/.test(fields.cv)) throw new BizError(2006);
  return {
    v: 1,
    n: typeof fields.n === 'string' ? fields.n : '',
    cv: fields.cv,
    ra: typeof fields.ra === 'string' ? fields.ra : null,
    iat: fields.iat,
  };
}

// ---------------------------------------------------------------------------------------------------
// GET /auth/login-config

export interface LoginConfig {
  oauth: string;
  widget: { botUsername: string; botId: string } | null;
}

/** The authorization URL with a fresh signed state and PKCE challenge, and the widget settings. */
export function loginConfig(redirectAfter?: string | null): LoginConfig {
  const settings = oauthSettings();
  if (!settings) throw new BizError(2001);
  const pkce = createPkcePair();
  const state = signState({
    v: 1,
    n: randomBytes(16).toString('base64url'),
    cv: pkce.verifier,
    ra: redirectAfter ?? null,
    iat: Math.floor(Date.now() / 1000),
  });
  const widget = widgetSettings();
  return {
    oauth: authorizationUrl(settings, { state, codeChallenge: pkce.challenge }),
    widget: widget ? { botUsername: widget.botUsername, botId: widget.botId } : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// OAuth identity

export interface OAuthProfile {
  sub: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  email_verified: boolean;
  iss: string;
  aud: string | string[];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function profileFrom(claims: IdTokenClaims): OAuthProfile {
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (sub === '') throw new BizError(2009);
  const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return {
    sub,
    email: text(claims.email),
    name: text(claims.name) ?? (given || null),
    picture: text(claims.picture),
    email_verified: claims.email_verified === true || claims.email_verified === 'true',
    iss: claims.iss,
    aud: claims.aud,
  };
}

/** State, code exchange and id_token: 2001 to 2009. */
async function oauthIdentity(code: string, state: string): Promise<OAuthProfile> {
  const settings = oauthSettings();
  if (!settings) throw new BizError(2001);
  const { cv } = verifyState(state);
  let idToken: string;
  try {
    ({ idToken } = await exchangeCode(settings, code, cv));
  } catch (err) {
    if (err instanceof OAuthExchangeError) throw new BizError(2007, err.message);
    throw err;
  }
  let claims: IdTokenClaims;
  try {
    claims = await verifyIdToken(settings, idToken);
  } catch (err) {
    if (err instanceof IdTokenError) throw new BizError(2008, err.message);
    throw err;
  }
  return profileFrom(claims);
}

/**
 * The value kept in the 50-character `oauth` column. OpenID subjects may be up to 255 characters; a
 * longer one is stored as `h:` + base64url(SHA-256(sub)) (45 characters), the same every time.
 */
export function storedOAuthId(sub: string): string {
  if (sub.length <= 50) return sub;
  return `h:${createHash('sha256').update(sub).digest('base64url')}`;
}

/** An e-mail we can keep: at most 50 characters (column size). */
const storableEmail = (email: string | null): string | null => (email && email.length <= 50 ? email : null);

/** Both spellings, as given and lower-cased: the stored address may be either. */
const emailVariants = (email: string) => [...new Set([email, email.toLowerCase()])];

// ---------------------------------------------------------------------------------------------------
// Users


export interface LoginContext {
  siteCode: string;
  locale: Locale;
  meta: ClientMeta;
  /** Agent promotion code for a new user; an unknown one is ignored. */
  refCode?: string | null;
}

/** Thrown inside the transaction when the chosen account name is taken; the attempt is repeated. */
class AccountTaken extends Error {}

/**
 * Runs a find-or-create login in a transaction, repeating it (at most twice) when it loses a race: the
 * same identity created concurrently (the repeat finds that user) or the account name taken (by a
 * squatter: the repeat picks a suffixed name).
 */
async function loginOrCreate<T>(work: (attempt: number, transaction: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db().transaction((transaction) => work(attempt, transaction));
    } catch (err) {
      if (attempt < 2 && (err instanceof AccountTaken || err instanceof UniqueConstraintError)) continue;
      throw err;
    }
  }
}

/** `<prefix><id>` truncated to 50; on a repeat, a random suffix so a squatted name cannot block a login. */
function accountName(prefix: string, id: string, attempt: number): string {
  const base = `${prefix}${id}`;
  if (attempt === 0) return base.slice(0, 50);
  return `${base.slice(0, 41)}_${randomBytes(4).toString('hex')}`;
}

async function createThirdPartyPlayer(
  ctx: LoginContext,
  fields: { account: string; name: string; email?: string | null; oauth?: string | null; widget?: string | null },
  transaction: Transaction,
): Promise<User> {
  const refCode = ctx.refCode?.trim();
  const upline = refCode ? await findUplineByRefCode(ctx.siteCode, refCode, transaction) : null;
  try {
    return await createPlayer(
      { siteCode: ctx.siteCode, passwordHash: '', locale: ctx.locale, upline, ...fields, name: fields.name.slice(0, 50) },
      transaction,
    );
  } catch (err) {
    if (err instanceof BizError && err.code === 2001) throw new AccountTaken();
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------
// POST /auth/login-oauth, /auth/bind-oauth

export interface ThirdPartyLogin<U> {
  token: string;
  user: U;
  isNewUser: boolean;
}

/**
 * Logs in with the provider: the user of the site whose `oauth` is the subject, else (for a verified
 * provider e-mail) the user with that e-mail, whose `oauth` is then filled when empty; else a new player
 * `oauth_<sub>` with an empty password.
 */
export async function loginWithOAuth(
  input: { code: string; state: string },
  ctx: LoginContext,
): Promise<ThirdPartyLogin<LoginUser> & { oauth: OAuthProfile }> {
  const profile = await oauthIdentity(input.code, input.state);
  const oauthId = storedOAuthId(profile.sub);
  // Only an address the provider has verified may open an existing account.
  const email = profile.email_verified ? storableEmail(profile.email) : null;
  const { token, user, isNewUser } = await loginOrCreate(async (attempt, transaction) => {
    let user = await User.findOne({ where: { siteCode: ctx.siteCode, oauth: oauthId }, transaction });
    if (!user && email) {
      user = await User.findOne({ where: { siteCode: ctx.siteCode, email: { [Op.in]: emailVariants(email) } }, order: [['id', 'ASC']], transaction });
      if (user && !user.oauth) await user.update({ oauth: oauthId }, { transaction });
    }
    const isNewUser = !user;
    user ??= await createThirdPartyPlayer(
      ctx,
      { account: accountName('oauth_', profile.sub, attempt), name: profile.name ?? profile.email?.split('@')[0] ?? `oauth_${profile.sub}`, email, oauth: oauthId },
      transaction,
    );
    return { ...(await completeLogin(user, ctx.meta, transaction)), isNewUser };
  });
  return { token, user: loginUser(user, await avatarOf(user)), oauth: profile, isNewUser };
}

async function lockedPlayer(userId: number, transaction: Transaction): Promise<User> {
  const user = await User.findByPk(userId, { lock: transaction.LOCK.UPDATE, transaction });
  if (!user) throw new HttpError(401); // the token's user no longer exists
  return user;
}

/** Binds the provider identity to the logged-in player: 2010 bound elsewhere, 2011 e-mail used elsewhere. */
export async function bindOAuth(userId: number, input: { code: string; state: string }): Promise<{ oauth: string; email: string | null; name: string | null }> {
  const profile = await oauthIdentity(input.code, input.state);
  const oauthId = storedOAuthId(profile.sub);
  try {
    return await db().transaction(async (transaction) => {
      const user = await lockedPlayer(userId, transaction);
      const notMe = { siteCode: user.siteCode, id: { [Op.ne]: user.id } };
      if (await User.count({ where: { ...notMe, oauth: oauthId }, transaction })) throw new BizError(2010);
      if (profile.email && (await User.count({ where: { ...notMe, email: { [Op.in]: emailVariants(profile.email) } }, transaction }))) {
        throw new BizError(2011);
      }
      const email = profile.email_verified ? storableEmail(profile.email) : null;
      await user.update({ oauth: oauthId, ...(!user.email && email ? { email } : {}) }, { transaction });
      return { oauth: oauthId, email: profile.email, name: profile.name };
    });
  } catch (err) {
    // Another user took the identity or the address between our check and our update.
    if (err instanceof UniqueConstraintError) throw new BizError(Object.keys(err.fields ?? {}).some((f) => f.includes('oauth')) ? 2010 : 2011);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------
// POST /auth/login-widget, /auth/bind-widget

export interface WidgetLoginData {
  id: number;
  first_name: string;
  last_name?: string | null;
  username?: string | null;
  auth_date: number;
  hash: string;
}

/** Fields the client adds that the widget did not sign. */
const UNSIGNED_WIDGET_FIELDS = ['refCode'] as const;

/**
 * 2001 bot token not set, 2002 hash check fails, 2003 auth_date older than 5 minutes. `received` is every
 * field as the client posted it: the widget signs all of them, including fields this service ignores.
 */
function checkWidgetData(data: WidgetLoginData, received: Record<string, WidgetFieldValue>): void {
  const settings = widgetSettings();
  if (!settings) throw new BizError(2001);
  if (!widgetHashMatches(settings.botToken, received, data.hash, UNSIGNED_WIDGET_FIELDS)) throw new BizError(2002);
  if (!widgetAuthDateFresh(data.auth_date)) throw new BizError(2003);
}

function widgetDisplayName(data: WidgetLoginData): string {
  const full = [data.first_name, data.last_name].map((part) => part?.trim()).filter(Boolean).join(' ');
  return (full || data.username || `widget_${data.id}`).slice(0, 50);
}

/** Logs in by widget id; a new player `widget_<id>` with an empty password on first use. */
export async function loginWithWidget(
  data: WidgetLoginData,
  received: Record<string, WidgetFieldValue>,
  ctx: LoginContext,
): Promise<ThirdPartyLogin<{ id: number; account: string; name: string; widget: string | null }>> {
  checkWidgetData(data, received);
  const widgetId = String(data.id);
  const { token, user, isNewUser } = await loginOrCreate(async (attempt, transaction) => {
    let user = await User.findOne({ where: { siteCode: ctx.siteCode, widget: widgetId }, transaction });
    const isNewUser = !user;
    user ??= await createThirdPartyPlayer(ctx, { account: accountName('widget_', widgetId, attempt), name: widgetDisplayName(data), widget: widgetId }, transaction);
    return { ...(await completeLogin(user, ctx.meta, transaction)), isNewUser };
  });
  return { token, user: { id: user.id, account: user.account, name: user.name, widget: user.widget }, isNewUser };
}

/** Binds the widget id to the logged-in player: 2010 when another user of the site has it. */
export async function bindWidget(userId: number, data: WidgetLoginData, received: Record<string, WidgetFieldValue>): Promise<{ widget: string }> {
  checkWidgetData(data, received);
  const widgetId = String(data.id);
  try {
    return await db().transaction(async (transaction) => {
      const user = await lockedPlayer(userId, transaction);
      const taken = await User.count({ where: { siteCode: user.siteCode, widget: widgetId, id: { [Op.ne]: user.id } }, transaction });
      if (taken) throw new BizError(2010);
      await user.update({ widget: widgetId }, { transaction });
      return { widget: widgetId };
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw new BizError(2010);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------
// POST /auth/unbind-oauth, /auth/unbind-widget

/** Clears the binding; a user without a password then has no way to log in (Part A 4.1). */
export async function unbindThirdParty(userId: number, field: 'oauth' | 'widget'): Promise<{ affected: number }> {
  const [affected] = await User.update({ [field]: null }, { where: { id: userId } });
  if (!affected) throw new HttpError(401);
  return { affected };
}
