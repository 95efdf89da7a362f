import type { Request, Response } from 'express';
import { config } from '../../../shared/config';
import { UnavailableError } from '../../../shared/errors';
import { fiatvendorCheckSum } from '../../../shared/integrations/fiatvendor';
import { rawJsonFields } from '../../../shared/integrations/json-fields';
import { logger } from '../../../shared/logger';
import type { SignatureCheck } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { sameHexDigest } from '../../../shared/integrations/hex-digest';
import { timestampSignature } from '../providers/signature';

/**
 * How the payment vendors' callbacks are authenticated and answered (docs/payments.md, "Signatures").
 * Both checks read the raw bytes the JSON body step kept, before anything is read or changed, and
 * compare in constant time. A refused callback leaves nothing but a log line.
 * - fiat vendor: the body's `check_sum` = hex HMAC-SHA256(FIATVENDOR_SECRET, every other top-level field
 *   sorted by name as `name=value` joined with `&`, values as sent: strings decoded, numbers in their JSON text).
 * - USDT: `X-Timestamp` (unix seconds, within 300 s) and `X-Signature` = hex HMAC-SHA256(USDT_CALLBACK_SECRET,
 *   `<X-Timestamp>.<raw body>`), the providers' scheme.
 * Without its secret an integration refuses every callback (503).
 */

/** The signed body's top-level fields as sent (rawJsonFields), by name. */
export function signedFields(req: Request): Map<string, string> {
  return new Map(rawJsonFields(req.rawBody?.toString('utf8') ?? '') ?? []);
}

function refuse(req: Request, vendor: string, detail: Record<string, unknown>): never {
  logger().warn({ vendor, path: req.originalUrl, requestId: req.ctx?.requestId, ...detail }, 'vendor callback refused: signature');
  throw new HttpError(401, 'Invalid signature');
}

export const fiatvendorCheck: SignatureCheck = {
  name: 'fiatvendor',
  scheme: 'body-check-sum',
  verify(req) {
    const secret = config().integrations.fiatvendor.secret;
    if (!secret) throw new UnavailableError('fiatvendor callbacks are not configured');
    const fields = rawJsonFields(req.rawBody?.toString('utf8') ?? '');
    const given = fields?.find(([name]) => name === 'check_sum')?.[1] ?? '';
    if (!fields || !sameHexDigest(given, fiatvendorCheckSum(secret, fields))) refuse(req, 'fiatvendor', { body: !!fields });
  },
};

export const usdtCheck: SignatureCheck = {
  name: 'usdt',
  verify(req) {
    const secret = config().integrations.usdt.secret;
    if (!secret) throw new UnavailableError('usdt callbacks are not configured');
    const { fresh, valid } = timestampSignature(secret, req);
    if (!fresh || !valid) refuse(req, 'usdt', { fresh, valid });
  },
};

/**
 * The callbacks' answer once recorded, whatever the callback did to its order: HTTP 200
 * `{received: true}` (not the envelope). Refusals are error envelopes with their HTTP status (401
 * signature, 503 not configured, 400 a body we cannot read or store), so the vendor sends them again.
 */
export function acknowledge(res: Response): void {
  res.status(200).json({ received: true });
}
