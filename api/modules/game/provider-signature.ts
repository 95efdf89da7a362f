import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { config } from '../../../shared/config';
import { logger } from '../../../shared/logger';
import { asBody, ProviderError, toProviderError, type ProviderBody, type ProviderCode } from '../../../shared/domain/providers/seamless-wallet';

/**
 * The HTTP edge of the provider callbacks (docs/providers.md): request signatures and the wrapper that
 * answers every outcome in the provider's own shape.
 *
 * Signature: `X-Signature: hex(HMAC-SHA256(secret, "<X-Timestamp>.<raw body bytes>"))`, with
 * `X-Timestamp` in unix seconds within ±300 s of our clock. The raw bytes are those express.json read
 * (api/app.ts keeps them as `req.rawBody`).
 */
declare module 'http' {
  interface IncomingMessage {
    /** The request body exactly as received, kept by express.json for signature checks. */
    rawBody?: Buffer;
  }
}

export const SIGNATURE_WINDOW_SECONDS = 300;

/** A provider error in the provider's own answer shape. */
export type ProviderErrorShape = (code: number, message: string) => object;

export function providerSignatureOf(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function refuse(res: Response, shape: ProviderErrorShape, err: ProviderError): void {
  res.status(err.httpStatus).json(shape(err.code, err.message));
}

/** Refuses (401) a request without a valid signature and fresh timestamp, and everything (503) when no secret is configured. */
export function providerSignature(provider: ProviderCode, shape: ProviderErrorShape): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const secret = config().integrations[provider].secret;
    if (!secret) {
      refuse(res, shape, new ProviderError('NOT_CONFIGURED'));
      return;
    }
    const timestamp = header(req, 'x-timestamp') ?? '';
    const signature = (header(req, 'x-signature') ?? '').trim().toLowerCase();
    const fresh = /^\d{1,12}$/.test(timestamp) && Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) <= SIGNATURE_WINDOW_SECONDS;
    const expected = Buffer.from(providerSignatureOf(secret, timestamp, req.rawBody ?? Buffer.alloc(0)), 'hex');
    const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
    const valid = given.length === expected.length && timingSafeEqual(given, expected);
    if (!fresh || !valid) {
      logger().warn({ provider, path: req.originalUrl, requestId: req.ctx?.requestId, fresh, valid }, 'provider callback refused: signature');
      refuse(res, shape, new ProviderError('INVALID_SIGNATURE'));
      return;
    }
    next();
  };
}

/**
 * Wraps a provider callback: the handler gets the JSON body (an object, else BAD_REQUEST) and returns
 * the provider-shaped answer; refusals are answered in the provider's error shape with their HTTP
 * status, and anything unexpected is logged and answered INTERNAL_ERROR (500).
 */
export function providerHandler(provider: ProviderCode, shape: ProviderErrorShape, handler: (body: ProviderBody, req: Request) => Promise<object>): RequestHandler {
  return async (req: Request, res: Response) => {
    try {
      res.status(200).json(await handler(asBody(req.body), req));
    } catch (caught) {
      const err = toProviderError(caught);
      if (err instanceof ProviderError) {
        refuse(res, shape, err);
        return;
      }
      logger().error({ err, provider, path: req.originalUrl, requestId: req.ctx?.requestId }, 'provider callback failed');
      refuse(res, shape, new ProviderError('INTERNAL_ERROR'));
    }
  };
}

/** Unknown method under a provider's prefix: BAD_REQUEST (404) in the provider's shape. */
export function providerNotFound(shape: ProviderErrorShape): RequestHandler {
  return (req: Request, res: Response) => {
    const err = new ProviderError('BAD_REQUEST', `unknown method ${req.method} ${req.path}`);
    res.status(404).json(shape(err.code, err.message));
  };
}
