import type { Request } from 'express';
import { logger } from '../../shared/logger';
import { cache, isCluster } from '../../shared/redis';
import { HttpError } from './errors';

/**
 * What a request is counted under: the client IP, the authenticated player, or a key computed from the
 * validated call (for example `site:account` of a login). IP and player keys are counted before the
 * input is validated (malformed floods count too); computed keys after it, since they need the input.
 */
export type RateKey<C = never> = 'ip' | 'player' | ((call: C) => string | undefined);

export interface RateLimitRule<C = never> {
  /** Name of the limit, part of the Redis key. */
  name: string;
  /** Requests allowed per window and per key. */
  readonly limit: number;
  readonly windowSeconds: number;
  key: RateKey<C>;
}

/**
 * A rule whose numbers are read from config on each use (so tests and operators can change them):
 * `limitRule('login-ip', 'ip', () => config().limits.loginPerIp)`.
 */
export function limitRule<C = never>(name: string, key: RateKey<C>, limit: () => number, windowSeconds: number | (() => number) = 60): RateLimitRule<C> {
  return {
    name,
    key,
    get limit() {
      return limit();
    },
    get windowSeconds() {
      return typeof windowSeconds === 'number' ? windowSeconds : windowSeconds();
    },
  };
}

/** The client IP as Express sees it (honours TRUST_PROXY). */
export const clientIp = (req: Request) => req.ip ?? 'unknown';

/** The Redis key counting `key` in the rule's current window (expire it windowSeconds + 1 after each count). */
export function rateLimitKey(rule: Pick<RateLimitRule, 'name' | 'windowSeconds'>, key: string): string {
  const window = Math.floor(Date.now() / 1000 / rule.windowSeconds);
  return `cache:rl:${rule.name}:${key.slice(0, 120)}:${window}`;
}

/** The 429 of a request over the rule's limit: retryAfter = seconds until the window ends. */
export function rateLimited(rule: Pick<RateLimitRule, 'windowSeconds'>): HttpError {
  const retryAfter = rule.windowSeconds - (Math.floor(Date.now() / 1000) % rule.windowSeconds);
  return new HttpError(429, undefined, { retryAfter });
}

/**
 * Counts the request under each (rule, key) in one Redis round trip (fixed windows,
 * `cache:rl:<name>:<key>:<window>`) and throws the 429 of the first rule over its limit. When Redis does
 * not answer the request is let through (logged): an outage of the limiter must not lock players out.
 */
export async function countRequest(counted: CountedRequest[]): Promise<void> {
  if (counted.length === 0) return;
  let counts: number[];
  try {
    if (isCluster()) {
      // Counters of several slots: one MULTI per counter (INCR and EXPIRE of one key), sent together.
      const each = await Promise.all(countersOf(counted).map(({ key, ttlS }) => cache().multi().incr(key).expire(key, ttlS).exec()));
      counts = each.map((results) => Number(results?.[0]?.[1]));
    } else {
      const multi = cache().multi();
      for (const { key, ttlS } of countersOf(counted)) multi.incr(key).expire(key, ttlS);
      const results = (await multi.exec()) ?? [];
      counts = results.filter((_, i) => i % 2 === 0).map(([, value]) => Number(value));
    }
  } catch (err) {
    logger().warn({ err, rules: counted.map((c) => c.rule.name) }, 'rate limiter unavailable; request let through');
    return;
  }
  refuseOverLimit(counted, counts);
}

export type CountedRequest = { rule: RateLimitRule<never>; key: string };

/** The Redis counters of `counted` (key in the current window, seconds to live after a count). */
export function countersOf(counted: readonly CountedRequest[]): Array<{ key: string; ttlS: number }> {
  return counted.map(({ rule, key }) => ({ key: rateLimitKey(rule, key), ttlS: rule.windowSeconds + 1 }));
}

/** Throws the 429 of the first rule whose count is over its limit. */
export function refuseOverLimit(counted: readonly CountedRequest[], counts: readonly number[]): void {
  const over = counted.find((c, i) => counts[i] > c.rule.limit);
  if (over) throw rateLimited(over.rule);
}
