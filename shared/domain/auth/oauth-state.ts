import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../../config';
import { Refusal } from '../../errors';

/**
 * The OAuth `state`: base64url(JSON {v: 1, n, cv, ra, iat}) + '.' +
 * base64url(HMAC-SHA256(payload, JWT secret)). It carries the PKCE code verifier, so no server-side
 * storage is needed between login-config and login-oauth / bind-oauth.
 */

/** A state is accepted for this long after it was issued. */
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

/** The signed payload's fields: refused `oauthStateMalformed`, `oauthStateSignatureWrong`, `oauthStateUnreadable`. */
function signedFields(state: string): Record<string, unknown> {
  if (!STATE_FORMAT.test(state)) throw new Refusal('auth.oauthStateMalformed');
  const [payload, signature] = state.split('.');
  // Compared as canonical base64url text, so no second spelling of the same bytes is accepted.
  const expected = Buffer.from(stateMac(payload).toString('base64url'), 'utf8');
  const received = Buffer.from(signature, 'utf8');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw new Refusal('auth.oauthStateSignatureWrong');
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new Refusal('auth.oauthStateUnreadable');
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) throw new Refusal('auth.oauthStateUnreadable');
  return decoded as Record<string, unknown>;
}

/**
 * Checks a state, refusing with `oauthStateMalformed` (format, version),
 * `oauthStateSignatureWrong`, `oauthStateUnreadable` (decoding), `oauthStateExpired` (age),
 * `oauthStateNoVerifier`.
 */
export function verifyState(state: string, nowMs = Date.now()): OAuthState {
  const fields = signedFields(state);
  if (fields.v !== 1) throw new Refusal('auth.oauthStateMalformed');
  if (typeof fields.iat !== 'number' || !Number.isFinite(fields.iat)) throw new Refusal('auth.oauthStateUnreadable');
  const now = Math.floor(nowMs / 1000);
  if (now - fields.iat > OAUTH_STATE_TTL_S || fields.iat - now > STATE_FUTURE_SKEW_S) throw new Refusal('auth.oauthStateExpired');
  // RFC 7636: a verifier is 43 to 128 characters of the unreserved set.
  if (typeof fields.cv !== 'string' || !/^[A-Za-z0-9._~-]{43,128}$/.test(fields.cv)) throw new Refusal('auth.oauthStateNoVerifier');
  return {
    v: 1,
    n: typeof fields.n === 'string' ? fields.n : '',
    cv: fields.cv,
    ra: typeof fields.ra === 'string' ? fields.ra : null,
    iat: fields.iat,
  };
}
