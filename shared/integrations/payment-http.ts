import { jsonCall, type CallFailure } from './json-http';

/** The HTTP helper of the payment integrations (fiat vendor, exchange rates): one JSON call with a time-out. */
export type PaymentHttpFailure = CallFailure;

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
  const call = { label: 'payment service', log: { integration: request.integration, method: request.method, path: request.url.pathname }, ...request };
  const answer = await jsonCall(call, (kind, message, status) => new PaymentHttpError(request.integration, kind, message, status));
  return answer.body;
}
