import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The request path as the envelope reports it: with the /api prefix, without the query string. */
export function envelopePath(req: Request): string {
  return (req.originalUrl ?? req.url).split('?')[0];
}

export function sendResult(req: Request, res: Response, result: unknown): void {
  res.status(200).json({ code: 200, message: 'ok', result: result === undefined ? null : result, timestamp: Date.now(), path: envelopePath(req) });
}

export function sendError(req: Request, res: Response, status: number, code: number, message: string, extra?: Record<string, unknown>): void {
  res.status(status).json({ code, message, data: null, ...extra, timestamp: Date.now(), path: envelopePath(req) });
}

/** The Express route template of the current endpoint, e.g. `/api/admin/:id`. */
function routeTemplate(req: Request): string {
  const routePath = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof routePath !== 'string') return req.baseUrl;
  return `${req.baseUrl}${routePath === '/' ? '' : routePath}` || '/';
}

/** Middleware form, for routes not yet declared as endpoints (removed once every route is one). */
export function route<T>(handler: (req: Request, res: Response) => Promise<T> | T): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const result = await handler(req, res);
      if (!res.headersSent) sendResult(req, res, result);
    } catch (err) {
      req.ctx.routeTemplate = routeTemplate(req);
      next(err);
    }
  };
}
