import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import { config } from '../../../shared/config';
import { sameHexDigest } from '../../../shared/integrations/hex-digest';
import { logger } from '../../../shared/logger';
import { ProviderError, type ProviderCode } from '../../../shared/domain/providers';
import type { SignatureCheck } from '../../http/endpoint';

/**
 * Request signatures of the provider callbacks (docs/providers.md):
 * `X-Signature: hex(HMAC-SHA256(secret, "<X-Timestamp>.<raw body bytes>"))`, with `X-Timestamp` in
 * unix seconds within ±300 s of our clock. The raw bytes are those the JSON body step kept
 * (api/http/body.ts, `req.rawBody`).
 */
export const SIGNATURE_WINDOW_SECONDS = 300;

export function providerSignatureOf(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The `X-Timestamp` / `X-Signature` check of a request (the scheme above, also the USDT callback's):
 * whether the timestamp is fresh and the signature valid, in constant time.
 */
export function timestampSignature(secret: string, req: Request): { fresh: boolean; valid: boolean } {
  const timestamp = header(req, 'x-timestamp') ?? '';
  const fresh = /^\d{1,12}$/.test(timestamp) && Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) <= SIGNATURE_WINDOW_SECONDS;
  const valid = sameHexDigest(header(req, 'x-signature') ?? '', providerSignatureOf(secret, timestamp, req.rawBody ?? Buffer.alloc(0)));
  return { fresh, valid };
}

/**
 * The endpoint's signature check: throws INVALID_SIGNATURE (401) without a valid signature and fresh
 * timestamp, and NOT_CONFIGURED (503) for everything when the provider has no secret.
 */
export function providerSignature(provider: ProviderCode): SignatureCheck {
  return {
    name: provider,
    verify(req: Request): void {
      const secret = config().integrations[provider].secret;
      if (!secret) throw new ProviderError('NOT_CONFIGURED');
      const { fresh, valid } = timestampSignature(secret, req);
      if (!fresh || !valid) {
        logger().warn({ provider, path: req.originalUrl, requestId: req.ctx?.requestId, fresh, valid }, 'provider callback refused: signature');
        throw new ProviderError('INVALID_SIGNATURE');
      }
    },
  };
}
