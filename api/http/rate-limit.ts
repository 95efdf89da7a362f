import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../../shared/errors';
import { logger } from '../../shared/logger';
import { cache } from '../../shared/redis';

export interface RateLimitRule {
  /** Name of the limit, part of the Redis key. */
  name: string;
  /** Requests allowed per window and per key. */
  limit: number;
  windowSeconds: number;
  /** The keys this request counts against (e.g. `ip:1.2.3.4`, `account:alice`); empty ones are skipped. */
  keys: (req: Request) => Array<string | undefined>;
}

/**
 * Fixed-window rate limit in Redis (`cache:rl:<name>:<key>:<window>`): every key of the request is
 * counted; when any is over its limit the request gets a 429 envelope with Retry-After. When Redis does
 * not answer the request is let through (logged): an outage of the limiter must not lock players out.
 */
export function rateLimit(rule: RateLimitRule) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const keys = rule.keys(req).filter((k): k is string => Boolean(k));
    try {
      const multi = cache().multi();
      for (const key of keys) {
        const redisKey = rateLimitKey(rule, key);
        multi.incr(redisKey).expire(redisKey, rule.windowSeconds + 1);
      }
      const results = (await multi.exec()) ?? [];
      const counts = results.filter((_, i) => i % 2 === 0).map(([, value]) => Number(value));
      if (counts.some((count) => count > rule.limit)) {
        const refusal = rateLimited(rule);
        res.setHeader('Retry-After', String(refusal.extra?.retryAfter));
        return next(refusal);
      }
    } catch (err) {
      logger().warn({ err, rule: rule.name }, 'rate limiter unavailable; request let through');
    }
    next();
  };
}

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

/** Client IP as Express sees it (honours TRUST_PROXY). */
export const clientIp = (req: Request) => `ip:${req.ip ?? 'unknown'}`;
