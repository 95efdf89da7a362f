import { createHash, createPublicKey, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { config } from '../config';
import { logger } from '../logger';

/**
 * The external OAuth 2.0 / OpenID Connect identity provider: authorization URL with
 * PKCE (S256), authorization-code exchange at the token endpoint, and id_token verification against the
 * provider's JWKS (RS256; issuer, audience = client id and expiry checked). Configured by OAUTH_* env.
 */

/** Every call to the provider gives up after this long. */
export const OAUTH_HTTP_TIMEOUT_MS = 10_000;
/** The provider's signing keys are kept in memory this long. */
export const JWKS_TTL_MS = 10 * 60_000;
/** An id_token naming an unknown key triggers a fresh JWKS download at most this often (key rotation). */
export const JWKS_MIN_REFRESH_MS = 30_000;
/** Clock skew allowed on the id_token's exp, iat and nbf. */
export const ID_TOKEN_CLOCK_TOLERANCE_S = 30;
export const OAUTH_SCOPE = 'openid email profile';

export interface OAuthSettings {
  clientId: string;
  clientSecret?: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  issuer: string;
  /** `<PUBLIC_BASE_URL>/redirect/oauth`: the page that receives code and state. */
  redirectUri: string;
}

/** The provider settings, or null when OAUTH_CLIENT_ID is not set. */
export function oauthSettings(): OAuthSettings | null {
  const cfg = config();
  const { clientId, clientSecret, authUrl, tokenUrl, jwksUrl, issuer } = cfg.integrations.oauth;
  if (!clientId) return null;
  const redirectUri = `${cfg.publicBaseUrl.replace(/\/+$/, '')}/redirect/oauth`;
  return { clientId, clientSecret, authUrl, tokenUrl, jwksUrl, issuer, redirectUri };
}

/** code_challenge = base64url(SHA-256(verifier)). */
export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A PKCE pair: 64 random bytes as base64url (86 characters) and its S256 challenge. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(64).toString('base64url');
  return { verifier, challenge: codeChallenge(verifier) };
}

/** The provider's authorization URL with every parameter login-config. */
export function authorizationUrl(settings: OAuthSettings, params: { state: string; codeChallenge: string }): string {
  const url = new URL(settings.authUrl);
  const query = {
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    response_type: 'code',
    scope: OAUTH_SCOPE,
    state: params.state,
    code_challenge: params.codeChallenge,
    code_challenge_method: 'S256',
    access_type: 'offline',
    prompt: 'consent',
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** The token endpoint refused the code, could not be reached, or answered without an id_token. */
export class OAuthExchangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthExchangeError';
  }
}

/** The id_token failed verification (signature, key, algorithm, issuer, audience, expiry, shape). */
export class IdTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdTokenError';
  }
}

export interface TokenSet {
  idToken: string;
  accessToken?: string;
}

/** Exchanges an authorization code plus its PKCE verifier for tokens (grant_type=authorization_code). */
export async function exchangeCode(settings: OAuthSettings, code: string, codeVerifier: string): Promise<TokenSet> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
  });
  if (settings.clientSecret) form.set('client_secret', settings.clientSecret);
  let res: Response;
  let body: unknown;
  try {
    res = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(OAUTH_HTTP_TIMEOUT_MS),
    });
    const text = await res.text();
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  } catch (err) {
    logger().warn({ err: (err as Error).message, url: settings.tokenUrl }, 'oauth token endpoint unreachable');
    throw new OAuthExchangeError(`token endpoint unreachable: ${(err as Error).message}`);
  }
  if (!res.ok) {
    const reason = typeof body === 'object' && body !== null ? String((body as Record<string, unknown>).error ?? '') : '';
    logger().info({ status: res.status, reason }, 'oauth token exchange refused');
    throw new OAuthExchangeError(`token endpoint answered HTTP ${res.status}${reason ? ` (${reason})` : ''}`);
  }
  const idToken = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).id_token : undefined;
  if (typeof idToken !== 'string' || idToken === '') throw new OAuthExchangeError('token endpoint answered without an id_token');
  const accessToken = (body as Record<string, unknown>).access_token;
  return { idToken, accessToken: typeof accessToken === 'string' ? accessToken : undefined };
}

interface KeySet {
  keys: Map<string, KeyObject>;
  fetchedAt: number;
}

const jwksCache = new Map<string, KeySet>();
const jwksInFlight = new Map<string, Promise<KeySet>>();

/** Forgets the cached signing keys (tests, or an operator changing OAUTH_JWKS_URL at run time). */
export function forgetJwks(): void {
  jwksCache.clear();
}

async function downloadJwks(url: string): Promise<KeySet> {
  let body: unknown;
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(OAUTH_HTTP_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch (err) {
    logger().warn({ err: (err as Error).message, url }, 'oauth JWKS download failed');
    throw new IdTokenError(`signing keys unavailable: ${(err as Error).message}`);
  }
  const list = typeof body === 'object' && body !== null ? (body as { keys?: unknown }).keys : undefined;
  const keys = new Map<string, KeyObject>();
  for (const jwk of Array.isArray(list) ? list : []) {
    if (typeof jwk !== 'object' || jwk === null) continue;
    const { kty, use, alg, kid } = jwk as Record<string, unknown>;
    if (kty !== 'RSA' || (use !== undefined && use !== 'sig') || (alg !== undefined && alg !== 'RS256')) continue;
    try {
      keys.set(typeof kid === 'string' ? kid : '', createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }));
    } catch {
      // a malformed key is skipped; tokens naming it fail as "unknown key"
    }
  }
  const set = { keys, fetchedAt: Date.now() };
  jwksCache.set(url, set);
  return set;
}

/** The provider's RS256 keys: from memory while fresh, else downloaded (one download at a time). */
async function jwks(url: string, forceRefresh = false): Promise<KeySet> {
  const cached = jwksCache.get(url);
  if (cached && !forceRefresh && Date.now() - cached.fetchedAt < JWKS_TTL_MS) return cached;
  let pending = jwksInFlight.get(url);
  if (!pending) {
    pending = downloadJwks(url).finally(() => jwksInFlight.delete(url));
    jwksInFlight.set(url, pending);
  }
  return pending;
}

async function signingKey(url: string, kid: string | undefined): Promise<KeyObject> {
  const pick = (set: KeySet) => (kid !== undefined ? set.keys.get(kid) : set.keys.size === 1 ? [...set.keys.values()][0] : undefined);
  let set = await jwks(url);
  let key = pick(set);
  if (!key && Date.now() - set.fetchedAt >= JWKS_MIN_REFRESH_MS) {
    set = await jwks(url, true); // the provider may have rotated its keys
    key = pick(set);
  }
  if (!key) throw new IdTokenError(kid !== undefined ? `unknown signing key "${kid.slice(0, 60)}"` : 'id_token names no key');
  return key;
}

/** The claims of a verified id_token; `sub` is not guaranteed here (the caller checks it). */
export interface IdTokenClaims {
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  picture?: unknown;
  iss: string;
  aud: string | string[];
  azp?: unknown;
  exp: number;
  iat?: number;
  [claim: string]: unknown;
}

/** Verifies an id_token: RS256 signature by a key of the provider's JWKS, issuer, audience, expiry. */
export async function verifyIdToken(settings: OAuthSettings, idToken: string): Promise<IdTokenClaims> {
  const decoded = jwt.decode(idToken, { complete: true });
  if (!decoded || typeof decoded.payload !== 'object' || decoded.payload === null) throw new IdTokenError('id_token is not a JWT');
  if (decoded.header.alg !== 'RS256') throw new IdTokenError(`id_token algorithm ${String(decoded.header.alg)} is not RS256`);
  const key = await signingKey(settings.jwksUrl, decoded.header.kid);
  let claims: jwt.JwtPayload;
  try {
    claims = jwt.verify(idToken, key, {
      algorithms: ['RS256'],
      issuer: settings.issuer,
      audience: settings.clientId,
      clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_S,
    }) as jwt.JwtPayload;
  } catch (err) {
    throw new IdTokenError(`id_token rejected: ${(err as Error).message}`);
  }
  if (typeof claims.exp !== 'number') throw new IdTokenError('id_token has no expiry');
  // Several audiences: the authorized party must be us (OpenID Connect Core 3.1.3.7).
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== settings.clientId) {
    throw new IdTokenError('id_token authorized party is not this client');
  }
  return claims as IdTokenClaims;
}
