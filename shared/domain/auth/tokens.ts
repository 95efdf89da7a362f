import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { config } from '../../config';
import { Admin, AdminGroup, User } from '../../db/models';
import { cache, isCluster, slotTag } from '../../redis';

/**
 * Player and administrator JWTs: separate secrets, separate payload kinds. A token is valid only while
 * its tokenVersion equals the account's current one; login and logout raise the version and delete the
 * cached copy (`cache:auth:tv:{userId}`), so every earlier token stops working at once.
 */
export interface PlayerClaims {
  sub: number;
  account: string;
  tokenVersion: number;
  site: string;
  kind: 'player';
}

export interface AdminClaims {
  sub: number;
  account: string;
  tokenVersion: number;
  kind: 'admin';
}

export const TOKEN_VERSION_TTL_S = 3600;

/** jsonwebtoken turns a string secret into a KeyObject on every call; build each one once. */
const keys = new Map<string, KeyObject>();
function key(secret: string): KeyObject {
  let k = keys.get(secret);
  if (!k) {
    k = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, k);
  }
  return k;
}
// The version and its refill hold share a hash tag on a cluster: FILL_UNLESS_HELD and forgetTokenVersion name both.
export const tokenVersionKey = (userId: number) => `cache:auth:tv:${slotTag(userId)}`;

export function signPlayerToken(user: { id: number; account: string; tokenVersion: number; siteCode: string }): string {
  const claims = { account: user.account, tokenVersion: user.tokenVersion, site: user.siteCode, kind: 'player' };
  return jwt.sign(claims, key(config().jwt.secret), {
    subject: String(user.id),
    expiresIn: config().jwt.expiresIn as jwt.SignOptions['expiresIn'],
    algorithm: 'HS256',
  });
}

export function signAdminToken(admin: { id: number; account: string; tokenVersion: number }): string {
  const claims = { account: admin.account, tokenVersion: admin.tokenVersion, kind: 'admin' };
  return jwt.sign(claims, key(config().jwt.adminSecret), {
    subject: String(admin.id),
    expiresIn: config().jwt.adminExpiresIn as jwt.SignOptions['expiresIn'],
    algorithm: 'HS256',
  });
}

function decode(token: string, secret: string, kind: 'player' | 'admin'): Record<string, unknown> | null {
  try {
    const payload = jwt.verify(token, key(secret), { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload.kind !== kind) return null;
    const sub = Number(payload.sub);
    if (!Number.isInteger(sub) || sub <= 0 || typeof payload.tokenVersion !== 'number') return null;
    return { ...payload, sub };
  } catch {
    return null;
  }
}

/** The user's current tokenVersion: from the Redis cache, else from Postgres (and cached). */
export async function currentTokenVersion(userId: number): Promise<number | null> {
  const key = tokenVersionKey(userId);
  try {
    const cached = await cache().get(key);
    if (cached !== null) return Number(cached);
  } catch {
    // cache unavailable: Postgres answers
  }
  const user = await User.findByPk(userId, { attributes: ['tokenVersion'], raw: true });
  if (!user) return null;
  // Awaited: a miss is rare (once an hour per player), and the next request then finds the entry.
  await cacheTokenVersion(userId, user.tokenVersion).catch(() => undefined);
  return user.tokenVersion;
}

/**
 * After a version change the entry is deleted and refilling is held off for a few seconds: a request
 * that read the old version from Postgres just before the change committed must not write it back
 * (its token would otherwise work for another hour). Meanwhile Postgres answers.
 */
export const TOKEN_VERSION_REFILL_HOLD_S = 5;
const refillHoldKey = (userId: number) => `cache:auth:tv-hold:${slotTag(userId)}`;
const FILL_UNLESS_HELD = `if redis.call('EXISTS', KEYS[2]) == 0 then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) return 1 end return 0`;

/** Caches a version read from Postgres, unless a recent change holds refilling off. */
export async function cacheTokenVersion(userId: number, version: number): Promise<boolean> {
  const stored = await cache().eval(FILL_UNLESS_HELD, 2, tokenVersionKey(userId), refillHoldKey(userId), String(version), String(TOKEN_VERSION_TTL_S));
  return stored === 1;
}

/** Called after a login or logout commits: deletes the cached version and holds refilling off. */
export async function forgetTokenVersion(userId: number): Promise<void> {
  await cache().multi().del(tokenVersionKey(userId)).set(refillHoldKey(userId), '1', 'EX', TOKEN_VERSION_REFILL_HOLD_S).exec();
}

/**
 * Tokens whose signature this process has checked, with their claims: a token seen again (every request
 * of a session) skips the HMAC and JSON decoding, which were a fifth of the cost of a cached read. Only
 * the identical string hits; expiry is still checked on every use; the oldest entries go first.
 */
const VERIFIED_MAX = 20_000;
const verified = new Map<string, { secret: string; claims: Readonly<PlayerClaims & { exp?: number }> }>();

/** A player token's claims if its signature and expiry are good; whether it is current is not checked. */
export function decodePlayerToken(token: string): PlayerClaims | null {
  const secret = config().jwt.secret;
  const hit = verified.get(token);
  if (hit && hit.secret === secret) {
    if (hit.claims.exp === undefined || Math.floor(Date.now() / 1000) < hit.claims.exp) return hit.claims;
    verified.delete(token);
    return null;
  }
  const claims = decode(token, secret, 'player') as unknown as (PlayerClaims & { exp?: number }) | null;
  if (!claims || typeof claims.site !== 'string') return null;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(token, { secret, claims: Object.freeze(claims) });
  return claims;
}

/** Verifies a player token; null when invalid, expired or superseded. */
export async function verifyPlayerToken(token: string): Promise<PlayerClaims | null> {
  return (await verifyPlayerTokenCounting(token, () => [])).claims;
}

/** A counter to raise when the token is current: its Redis key and the seconds it lives after a count. */
export interface CountKey {
  key: string;
  ttlS: number;
}

/**
 * In one script: the cached version; when it is the token's, each counter raised (INCR, EXPIRE) and
 * returned after it. Returns {-1} on a cache miss, {version} alone for another version (nothing
 * counted: a superseded token does not use up its player's limits).
 */
const CHECK_AND_COUNT = `
local v = redis.call('GET', KEYS[1])
if not v then return {-1} end
if v ~= ARGV[1] then return {tonumber(v)} end
local out = {tonumber(v)}
for i = 2, #KEYS do
  out[i] = redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[i])
end
return out`;

/**
 * Verifies a player token and, when it is current, raises the counters `countKeys(userId)` names, in one
 * Redis round trip (the request pipeline's authentication and rate-limit steps). `counts` is null when
 * nothing was counted here (no counters, a cache miss answered by Postgres, Redis unavailable): the
 * caller counts then. claims null: invalid, expired or superseded.
 */
export async function verifyPlayerTokenCounting(
  token: string,
  countKeys: (userId: number) => CountKey[],
): Promise<{ claims: PlayerClaims | null; counts: number[] | null }> {
  const claims = decodePlayerToken(token);
  if (!claims) return { claims: null, counts: null };
  // On a cluster the counters (per player, per IP) live in other slots than the version: the caller counts them.
  const counters = isCluster() ? [] : countKeys(claims.sub);
  if (counters.length) {
    const answer = await cache()
      .eval(
        CHECK_AND_COUNT,
        1 + counters.length,
        tokenVersionKey(claims.sub),
        ...counters.map((c) => c.key),
        String(claims.tokenVersion),
        ...counters.map((c) => String(c.ttlS)),
      )
      .catch(() => null);
    if (Array.isArray(answer) && answer[0] !== -1) {
      const current = Number(answer[0]) === claims.tokenVersion;
      return { claims: current ? claims : null, counts: current ? answer.slice(1).map(Number) : null };
    }
  }
  const version = await currentTokenVersion(claims.sub);
  return { claims: version !== null && version === claims.tokenVersion ? claims : null, counts: null };
}

export interface AuthenticatedAdmin {
  id: number;
  account: string;
  name: string;
  groupId: number;
  permissions: string[];
}

/**
 * Verifies an administrator token against the live account: a disabled administrator, a disabled
 * group or a raised tokenVersion ends the token. Administrator traffic is light, so this reads Postgres
 * every time and permission changes apply at once.
 */
export async function verifyAdminToken(token: string): Promise<AuthenticatedAdmin | null> {
  const claims = decode(token, config().jwt.adminSecret, 'admin') as unknown as AdminClaims | null;
  if (!claims) return null;
  const admin = await Admin.findByPk(claims.sub, { include: [AdminGroup] });
  if (!admin || admin.status !== 1 || admin.tokenVersion !== claims.tokenVersion) return null;
  return { id: admin.id, account: admin.account, name: admin.name, groupId: admin.groupId, permissions: permissionsHeld(admin) };
}

/** What an administrator holds: its group's permissions while both are enabled, else none. */
export function permissionsHeld(admin: Pick<Admin, 'status' | 'group'>): string[] {
  return admin.status === 1 && admin.group?.status === 1 ? admin.group.permissions : [];
}

/** `<module>:<read|write>` or `*`. */
export function hasPermission(permissions: readonly string[], required: string): boolean {
  return permissions.includes('*') || permissions.includes(required);
}
