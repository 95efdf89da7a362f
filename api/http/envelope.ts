import type { Request, Response } from 'express';

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
