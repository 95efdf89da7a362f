import type { IncomingMessage, ServerResponse } from 'node:http';
import { logFinished } from '../http/access-log';

/** True when the request names a site in a header: the hot paths leave those to Express (resolveSite). */
export function namesSite(req: IncomingMessage): boolean {
  return req.headers['site-name'] !== undefined || req.headers['x-site-code'] !== undefined;
}

/**
 * Sends a JSON envelope outside Express with the headers Express's res.json sends (x-request-id, type,
 * length) and writes the request's access line.
 */
export function answerJson(
  req: IncomingMessage,
  res: ServerResponse,
  answer: { requestId: string; started: bigint; status: number; body: string; headers?: Record<string, string> },
): void {
  res.writeHead(answer.status, {
    'x-request-id': answer.requestId,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(answer.body),
    ...answer.headers,
  });
  res.end(answer.body);
  logFinished(answer.requestId, req.method, req.url, answer.status, answer.started);
}
