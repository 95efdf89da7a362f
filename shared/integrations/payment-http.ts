import { logger } from '../logger';

/** The HTTP helper of the payment integrations (fiat vendor, exchange rates): one JSON call with a time-out. */
export type PaymentHttpFailure = 'timeout' | 'network' | 'http' | 'bad-response';

/** A call that gave no usable answer; `kind` says why (the domain maps it to the spec's codes). */
export class PaymentHttpError extends Error {
  constructor(
    public readonly integration: string,
    public readonly kind: PaymentHttpFailure,
    message: string,
    public readonly status?: number,
  ) {
    super(`${integration}: ${message}`);
    this.name = 'PaymentHttpError';
  }
}

export interface PaymentHttpRequest {
  integration: string;
  method: 'GET' | 'POST';
  url: URL;
  body?: unknown;
  timeoutMs: number;
}

/** Resolves with the parsed JSON body of a 2xx answer within the time-out, else PaymentHttpError. */
export async function paymentJsonRequest(request: PaymentHttpRequest): Promise<unknown> {
  const started = Date.now();
  const log = { integration: request.integration, method: request.method, path: request.url.pathname };
  let res: Response;
  let text: string;
  try {
    res = await fetch(request.url, {
      method: request.method,
      headers: { accept: 'application/json', ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const timedOut = (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError';
    logger().warn({ ...log, ms: Date.now() - started, err: (err as Error)?.message }, timedOut ? 'payment call timed out' : 'payment service unreachable');
    throw new PaymentHttpError(request.integration, timedOut ? 'timeout' : 'network', timedOut ? `no answer within ${request.timeoutMs} ms` : 'unreachable');
  }
  if (!res.ok) {
    logger().warn({ ...log, ms: Date.now() - started, status: res.status, body: text.slice(0, 300) }, 'payment service answered an error status');
    throw new PaymentHttpError(request.integration, 'http', `HTTP ${res.status}`, res.status);
  }
  try {
    return JSON.parse(text);
  } catch {
    logger().warn({ ...log, status: res.status, body: text.slice(0, 300) }, 'payment service answered a body that is not JSON');
    throw new PaymentHttpError(request.integration, 'bad-response', 'answer is not JSON', res.status);
  }
}

/** `base` (any trailing slashes dropped) + `path`. */
export function urlUnder(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}
