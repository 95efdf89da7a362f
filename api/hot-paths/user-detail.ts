import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodePlayerToken } from '../../shared/domain/auth-tokens';
import { userDetail } from '../../shared/domain/players';
import { bearerToken } from '../http/auth';
import { requestIdOf } from '../http/context';
import { answerJson, namesSite } from './answer';
import { cachedUserDetail, fillUserDetail } from './user-detail-cache';

const PATH = '/api/auth/user-detail';

/**
 * GET /api/auth/user-detail answered before Express when the cache holds this token's answer: the same
 * status, headers and envelope Express would send. Anything else (a query, a site header, a token that
 * does not match the cached row, a miss) returns false and goes through Express as usual.
 */
export function serveCachedUserDetail(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || req.url !== PATH || namesSite(req)) return false;
  const token = bearerToken(req);
  const claims = token ? decodePlayerToken(token) : null;
  const json = claims ? cachedUserDetail(claims.sub, claims.tokenVersion, claims.site) : undefined;
  if (json === undefined) return false;
  const body = `{"code":200,"message":"ok","result":${json},"timestamp":${Date.now()},"path":"${PATH}"}`;
  answerJson(req, res, { requestId: requestIdOf(req), started: process.hrtime.bigint(), status: 200, body });
  return true;
}

/** The Express route's read of the plain user-detail (no `related`), caching it when it safely can. */
export function readUserDetail(userId: number): ReturnType<typeof userDetail> {
  return fillUserDetail(
    userId,
    () => userDetail(userId),
    (detail) => ({ tokenVersion: detail.tokenVersion, siteCode: detail.siteCode, json: JSON.stringify(detail) }),
  );
}
