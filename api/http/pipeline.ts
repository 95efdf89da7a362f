import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { config } from '../../shared/config';
import { authenticate, refuseForeignBodySites } from './auth';
import { checkAskedSite } from './context';
import type { Endpoint } from './endpoint';
import { sendResult } from './envelope';
import { answerError } from './error-mapper';
import { trackingCommits } from '../../shared/db/commit-outcome';
import { logger } from '../../shared/logger';
import { unavailableDependency } from '../../shared/unavailable-dependency';
import { HttpError } from './errors';
import { clientIp, countRequest, type RateLimitRule } from './rate-limit';
import { withRealityCheck } from './reality-check';
import { requestMeta } from './request-meta';
import { bySpecificity, routeTable, type RouteTable } from './route-table';
import { refuseUnstorableText } from './text';
import { readUploads, uploadedImages } from './uploads';
import { validInput } from './validate';

/**
 * The one pipeline every endpoint runs through, after the app-wide steps of api/app.ts (request id and
 * locale, access log, JSON body with its raw bytes, site headers):
 *   authenticate (and decide an administrator's site, api/http/auth.ts) → count IP and player rate
 *   limits → read a multipart body (endpoints with uploads) → refuse a body naming a site the
 *   administrator does not hold → refuse text Postgres cannot store → validate params, query, body → check and re-encode uploaded
 *   images → count computed-key rate limits → handler → answer (envelope, raw, or a third party's shape).
 * Errors from any step are answered by the error mapper (or the endpoint's own Answerer).
 *
 * Before any of them, the path decides (api/http/route-table.ts): a request belongs to the most specific
 * declared path matching it, and a method that path does not declare is a 405 with the `Allow` header
 * (an OPTIONS request gets the header alone, 204). Paths of third-party callbacks leave other methods
 * to their own fallback; undeclared paths go on to the 404. The declarations are mounted most specific
 * first, so a parameter never takes a literal path's request.
 */
export function mountEndpoints(router: Router, endpoints: readonly Endpoint[]): void {
  router.use(methodNotAllowed(routeTable(endpoints)));
  const ordered = [...endpoints].sort((a, b) => bySpecificity(a.path, b.path));
  for (const e of ordered) router[e.method](e.path, handlerOf(e));
}

function methodNotAllowed(table: RouteTable): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const path = table.find(req.path);
    if (!path || path.thirdParty || table.allows(path, req.method)) {
      next();
      return;
    }
    res.setHeader('Allow', path.allow);
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    answerError(req, res, new HttpError(405));
  };
}

type AnyRule = RateLimitRule<never>;

/**
 * The reality check read after a money handler succeeded, when Postgres is gone meanwhile: the answer
 * goes without the header (the money moved; the next answer carries the check, and bets past its grace
 * are refused in the database whatever the header said). Any other error is answered as before.
 */
function answeredWithoutCheck(err: unknown, req: Request, result: unknown): unknown {
  if (!unavailableDependency(err)) throw err;
  logger().warn({ error: (err as Error).message, requestId: req.ctx.requestId, path: req.originalUrl }, 'reality check not read: dependency unavailable');
  return result;
}

const wantsHtml = (req: Request) => req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');

function handlerOf(e: Endpoint): RequestHandler {
  const template = `/api${e.path}`;
  const answer = e.answer ?? 'envelope';
  const rules = (e.limits ?? []) as unknown as AnyRule[];
  const early = rules.filter((r) => typeof r.key === 'string');
  const late = rules.filter((r) => typeof r.key === 'function');
  const adminAuth = typeof e.auth === 'object' && 'admin' in e.auth;

  // Each request in its own commit mark: an outage met halfway answers whether anything may have changed.
  return (req: Request, res: Response) => trackingCommits(() => run(req, res));

  async function run(req: Request, res: Response): Promise<void> {
    req.ctx.routeTemplate = template;
    req.ctx.refusals = e.refusals;
    try {
      const countsOf = (playerId: number | undefined) =>
        early.flatMap((rule) => {
          const key = rule.key === 'ip' ? `ip:${clientIp(req)}` : playerId !== undefined ? `user:${playerId}` : undefined;
          return key ? [{ rule, key }] : [];
        });
      // An administrator's site is checked once the administrator is known (api/http/auth.ts).
      if (!adminAuth) await checkAskedSite(req);
      // A player's token version and the IP and player limits go to Redis together when they can.
      const { counted, ...caller } = await authenticate(req, e.auth, countsOf);
      if (!counted) await countRequest(countsOf(caller.player?.id));
      if (e.uploads) await readUploads(req, res, e.uploads);
      await refuseForeignBodySites(req, caller.admin);
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
        await countRequest(
          late.flatMap((rule) => {
            const key = (rule.key as (c: unknown) => string | undefined)(call);
            return key ? [{ rule, key }] : [];
          }),
        );
      }
      let result = await e.handler(call as never);
      if (e.realityCheck && caller.player) {
        const handled = result;
        result = await withRealityCheck(res, caller.player.id, handled, e.realityCheck === 'header-and-result').catch((err: unknown) =>
          answeredWithoutCheck(err, req, handled),
        );
      }
      if (answer === 'envelope') {
        if (!res.headersSent) sendResult(req, res, result);
      } else if (answer !== 'raw') {
        answer.ok({ req, res }, result);
      }
    } catch (err) {
      if (e.browserLogin && err instanceof HttpError && err.status === 401 && wantsHtml(req)) res.redirect(303, e.browserLogin(req));
      else if (typeof answer === 'object') answer.fail({ req, res }, err);
      else answerError(req, res, err);
    }
  }
}
