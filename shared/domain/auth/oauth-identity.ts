import { createHash } from 'node:crypto';
import { Refusal } from '../../errors';
import { IdTokenError, OAuthExchangeError, exchangeCode, oauthSettings, verifyIdToken, type IdTokenClaims } from '../../integrations/oauth';
import { verifyState } from './oauth-state';

/** Who the OAuth provider says the caller is: state check, code exchange and id_token (refusals `auth.oauth*`). */

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
  if (sub === '') throw new Refusal('auth.oauthNoSubject');
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

/**
 * State, code exchange and id_token: refused with `oauthNotConfigured`, the state's refusals (./oauth-state.ts),
 * `oauthExchangeFailed`, `oauthIdTokenInvalid` or `oauthNoSubject`.
 */
export async function oauthIdentity(code: string, state: string): Promise<OAuthProfile> {
  const settings = oauthSettings();
  if (!settings) throw new Refusal('auth.oauthNotConfigured');
  const { cv } = verifyState(state);
  let idToken: string;
  try {
    ({ idToken } = await exchangeCode(settings, code, cv));
  } catch (err) {
    if (err instanceof OAuthExchangeError) throw new Refusal('auth.oauthExchangeFailed', err.message);
    throw err;
  }
  let claims: IdTokenClaims;
  try {
    claims = await verifyIdToken(settings, idToken);
  } catch (err) {
    if (err instanceof IdTokenError) throw new Refusal('auth.oauthIdTokenInvalid', err.message);
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
export const storableEmail = (email: string | null): string | null => (email && email.length <= 50 ? email : null);

/** Both spellings, as given and lower-cased: the stored address may be either. */
export const emailVariants = (email: string) => [...new Set([email, email.toLowerCase()])];
