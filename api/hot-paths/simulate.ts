import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '../../shared/config';
import { decodePlayerToken, tokenVersionKey, type PlayerClaims } from '../../shared/domain/auth-tokens';
import { simulateRound } from '../../shared/domain/simulate';
import { logger } from '../../shared/logger';
import { cache } from '../../shared/redis';
import { bearerToken } from '../http/auth';
import { localeOf, requestIdOf } from '../http/context';
import { describeError, MALFORMED_JSON } from '../http/error-mapper';
import { rateLimited, rateLimitKey } from '../http/rate-limit';
import { playerRateKey, simulatePerUser } from '../modules/game/player-routes';
import { simulateBody } from '../modules/game/player-schemas';
import { answerJson, namesSite } from './answer';
import { holdUserDetail } from './user-detail-cache';

const PATH = '/api/game/simulate';

/**
 * POST /api/game/simulate answered without Express for the usual request: a JSON body, a player token
 * whose version is cached, no site header. It does what the Express route does (api/modules/game/
 * player-routes.ts: requirePlayer, validate, rateLimit, simulateRound) with one Redis round trip
 * instead of two and the same status, headers and envelope; a round's API CPU was dominated by the
 * stack around it (docs/decisions.md, "Simulate without Express").
 *
 * Anything else goes to Express (`express`): before the body is read when the headers are unusual,
 * after it with the parsed body in place (body-parser skips a request already read) when the body does
 * not pass the schema or the token's version is not cached or not current, or Redis does not answer.
 * What it answers itself (malformed JSON, the rate limit's 429, the round's result or business error)
 * goes through the error mapper's `describeError`, so the text is the same as Express's.
 */
export function serveSimulate(req: IncomingMessage, res: ServerResponse, express: () => void): boolean {
  if (req.method !== 'POST' || req.url !== PATH || namesSite(req)) return false;
  const { headers } = req;
  if (!isPlainJson(headers['content-type']) || (headers['content-encoding'] ?? 'identity') !== 'identity') return false;
  const length = Number(headers['content-length']);
  if (!Number.isInteger(length) || length <= 0 || length > config().http.bodyLimit) return false;
  const token = bearerToken(req);
  const claims = token ? decodePlayerToken(token) : null;
  if (!claims) return false;

  const started = process.hrtime.bigint();
  const requestId = requestIdOf(req);
  const answer = (status: number, body: string, headers?: Record<string, string>) => answerJson(req, res, { requestId, started, status, body, headers });
  const refuse = (err: unknown, headers?: Record<string, string>) => {
    const e = describeError(err, localeOf(req), () => PATH, requestId);
    if (e.status === 500) logger().error({ err, requestId, path: PATH }, 'unhandled error');
    answer(e.status, JSON.stringify({ code: e.code, message: e.message, data: null, ...e.extra, timestamp: Date.now(), path: PATH }), headers);
  };

  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('error', () => undefined); // the client went away mid-body: nothing to answer
  req.once('end', () => {
    play(req, res, claims, Buffer.concat(chunks), { answer, refuse, express }).catch((err) => {
      // Every expected failure is answered inside play; this is the net under it.
      if (!res.headersSent) refuse(err);
      else res.destroy();
    });
  });
  return true;
}

interface Replies {
  answer: (status: number, body: string, headers?: Record<string, string>) => void;
  refuse: (err: unknown, headers?: Record<string, string>) => void;
  express: () => void;
}

async function play(req: IncomingMessage, res: ServerResponse, claims: PlayerClaims, raw: Buffer, { answer, refuse, express }: Replies): Promise<void> {
  const body = parseJson(raw);
  if (body === undefined) return refuse(Object.assign(new Error(MALFORMED_JSON), { type: 'entity.parse.failed' }));
  const toExpress = () => {
    Object.assign(req, { body, rawBody: raw });
    express();
  };
  let input: { gameCode: string; productId: number; betAmount: number };
  try {
    input = simulateBody.validateSync(body, { abortEarly: false, stripUnknown: true });
  } catch {
    return toExpress(); // Express names the fields
  }

  let counted: number;
  try {
    const [version, count] = (await cache().eval(COUNT_IF_CURRENT, 2, tokenVersionKey(claims.sub), rateLimitKey(simulatePerUser, playerRateKey(claims.sub)),
      String(claims.tokenVersion), String(simulatePerUser.windowSeconds + 1))) as [string | null, number];
    if (version === null || count < 0) return toExpress(); // not cached (Express reads Postgres), or superseded (401)
    counted = count;
  } catch {
    return toExpress(); // Redis did not answer: Express's own fallbacks apply
  }
  if (counted > simulatePerUser.limit) {
    const refusal = rateLimited(simulatePerUser);
    return refuse(refusal, { 'Retry-After': String(refusal.extra?.retryAfter) });
  }

  res.once('close', holdUserDetail(claims.sub));
  try {
    const result = await simulateRound({ siteCode: claims.site, userId: claims.sub, ...input });
    answer(200, JSON.stringify({ code: 200, message: 'ok', result, timestamp: Date.now(), path: PATH }));
  } catch (err) {
    refuse(err);
  }
}

/**
 * KEYS[1] the token version, KEYS[2] the rate-limit counter; ARGV[1] the token's version, ARGV[2] the
 * counter's lifetime. Counts the request only when the version is cached and equal: {version, count};
 * otherwise {version or false, -1} and nothing counted (Express then counts it once).
 */
const COUNT_IF_CURRENT = `local v = redis.call('GET', KEYS[1])
if not v then return {false, -1} end
if v ~= ARGV[1] then return {v, -1} end
local n = redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return {v, n}`;

/** application/json, optionally with charset=utf-8: what express.json reads without conversion. */
function isPlainJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const [type, ...params] = contentType.toLowerCase().split(';').map((p) => p.trim());
  return type === 'application/json' && params.every((p) => p === 'charset=utf-8');
}

/** The body as express.json (strict) accepts it: an object or array; undefined when it would refuse it. */
function parseJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
