import express, { type Request, type RequestHandler } from 'express';
import { config } from '../../shared/config';
import { HttpError } from './errors';

declare module 'http' {
  interface IncomingMessage {
    /** The request body exactly as received, kept for the signature checks of server-to-server callbacks. */
    rawBody?: Buffer;
  }
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
  code?: string;
}

/** A body is sent when a length or a transfer encoding is given (RFC 9112 section 6.3), as type-is decides. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
}

export const MALFORMED_JSON = 'Malformed JSON in the request body';

/**
 * What a failed body read answers: too large 413, an encoding we do not read 415, compressed data that
 * does not decompress 400, JSON that does not parse 400. Never a 500: these are the client's bytes.
 */
export function bodyError(err: BodyParserError): HttpError {
  if (err.type === 'entity.too.large') return new HttpError(413, undefined, { limit: err.limit }); // message: the error mapper's
  if (err.type === 'encoding.unsupported') return new HttpError(415, 'Unsupported Content-Encoding (use gzip, deflate, br or none)');
  if (err.type === 'entity.parse.failed') return new HttpError(400, MALFORMED_JSON);
  if (!err.type && err.code) return new HttpError(400, 'The request body is not valid data for its Content-Encoding');
  return new HttpError(err.status && err.status < 500 ? err.status : 400, 'The request body could not be read');
}

/**
 * The JSON body step of the pipeline: express.json (size limit HTTP_BODY_LIMIT unless `limit` says
 * otherwise: an endpoint's own `bodyLimit`, api/app.ts; gzip/deflate/br accepted) keeping the raw bytes,
 * with its failures turned into the edge's own errors.
 */
export function jsonBody(limit: number = config().http.bodyLimit): RequestHandler {
  const parse = express.json({
    limit,
    type: ['application/json', 'application/*+json'],
    verify: (req, _res, buf) => {
      req.rawBody = buf;
    },
  });
  // A request without a body (most GETs) has nothing to read: it skips the parser and its type checks.
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    parse(req, res, (err?: unknown) => (err ? next(err instanceof HttpError ? err : bodyError(err as BodyParserError)) : next()));
  };
}
