import type { Request, RequestHandler, Response, Router } from 'express';
import { config } from '../../shared/config';
import { authenticate } from './auth';
import type { Endpoint } from './endpoint';
import { sendResult } from './envelope';
import { answerError } from './error-mapper';
import { clientIp, countRequest, type RateLimitRule } from './rate-limit';
import { requestMeta } from './request-meta';
import { refuseUnstorableText } from './text';
import { readUploads, uploadedImages } from './uploads';
import { validInput } from './validate';

/**
 * The one pipeline every endpoint runs through, after the app-wide steps of api/app.ts (request id and
 * locale, access log, JSON body with its raw bytes, site headers):
 *   authenticate → count IP and player rate limits → read a multipart body (endpoints with uploads) →
 *   refuse text Postgres cannot store → validate params, query, body → check and re-encode uploaded
 *   images → count computed-key rate limits → handler → answer (envelope, raw, or a third party's shape).
 * Errors from any step are answered by the error mapper (or the endpoint's own Answerer).
 */
export function mountEndpoints(router: Router, endpoints: readonly Endpoint[]): void {
  for (const e of endpoints) router[e.method](e.path, handlerOf(e));
}

type AnyRule = RateLimitRule<never>;

function handlerOf(e: Endpoint): RequestHandler {
  const template = `/api${e.path}`;
  const answer = e.answer ?? 'envelope';
  const rules = (e.limits ?? []) as unknown as AnyRule[];
  const early = rules.filter((r) => typeof r.key === 'string');
  const late = rules.filter((r) => typeof r.key === 'function');
  const adminAuth = typeof e.auth === 'object' && 'admin' in e.auth;

  return async (req: Request, res: Response) => {
    req.ctx.routeTemplate = template;
    req.ctx.refusals = e.refusals;
    try {
      const countsOf = (playerId: number | undefined) =>
        early.flatMap((rule) => {
          const key = rule.key === 'ip' ? `ip:${clientIp(req)}` : playerId !== undefined ? `user:${playerId}` : undefined;
          return key ? [{ rule, key }] : [];
        });
      // A player's token version and the IP and player limits go to Redis together when they can.
      const { counted, ...caller } = await authenticate(req, e.auth, countsOf);
      if (!counted) await countRequest(countsOf(caller.player?.id));
      if (e.uploads) await readUploads(req, res, e.uploads);
      refuseUnstorableText('params', req.params);
      refuseUnstorableText('query', req.query);
      refuseUnstorableText('body', req.body);
      const params = e.params ? await validInput('params', e.params, req.params) : undefined;
      const query = e.query ? await validInput('query', e.query, req.query) : undefined;
      const body = e.body ? await validInput('body', e.body, req.body) : undefined;
      const files = e.uploads ? await uploadedImages(req, e.uploads) : {};
      const siteFilter = req.ctx.adminSiteCode;
      const call = {
        ...caller,
        actor: caller.admin ? { adminId: caller.admin.id, siteCode: siteFilter, meta: requestMeta(req) } : undefined,
        params,
        query,
        body,
        files,
        site: adminAuth ? (siteFilter ?? config().siteCode) : req.ctx.siteCode,
        siteFilter,
        locale: req.ctx.locale,
        requestId: req.ctx.requestId,
        // Read only by the endpoints that log who asked (logins, administrators): built when read.
        get meta() {
          return requestMeta(req);
        },
        req,
        res,
      };
      if (late.length) {
        await countRequest(late.flatMap((rule) => {
          const key = (rule.key as (c: unknown) => string | undefined)(call);
          return key ? [{ rule, key }] : [];
        }));
      }
      const result = await e.handler(call as never);
      if (answer === 'envelope') {
        if (!res.headersSent) sendResult(req, res, result);
      } else if (answer !== 'raw') {
        answer.ok({ req, res }, result);
      }
    } catch (err) {
      if (typeof answer === 'object') answer.fail({ req, res }, err);
      else answerError(req, res, err);
    }
  };
}
