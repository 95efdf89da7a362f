import { logger } from '../logger';
import { config } from '../config';
import { jsonCall, urlUnder, type CallFailure } from './json-http';

/** The HTTP helper both game providers' clients use (shared/integrations/provx.ts, provy.ts). */
export type ProviderCode = 'provx' | 'provy';
export type ProviderFailure = 'not-configured' | CallFailure;

/** A provider call that did not give a usable answer; `kind` says why (the domain maps it to 5004/5005). */
export class ProviderApiError extends Error {
  constructor(
    public readonly provider: ProviderCode,
    public readonly kind: ProviderFailure,
    message: string,
    public readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderApiError';
  }
}

/** Time-out of one provider call (PROVIDER_HTTP_TIMEOUT_MS, default 5 s). */
export function providerTimeoutMs(): number {
  return config().timeouts.providerHttpMs;
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  /** Path below the base URL, starting with `/`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers: Record<string, string>;
}

/** One JSON call to a provider; resolves with the parsed body of a 2xx answer, else ProviderApiError. */
export async function providerJsonRequest(provider: ProviderCode, baseUrl: string, request: ProviderRequest): Promise<unknown> {
  const url = urlUnder(baseUrl, request.path, request.query);
  const call = {
    label: 'provider',
    log: { provider, method: request.method, path: request.path },
    method: request.method,
    url,
    headers: request.headers,
    body: request.body,
    timeoutMs: providerTimeoutMs(),
  };
  const answer = await jsonCall(call, (kind, message, status) => new ProviderApiError(provider, kind, message, status));
  return answer.body;
}

/** A URL the player's browser may open: absolute http(s), else the answer is unusable. */
export function usableUrl(provider: ProviderCode, value: unknown): string {
  if (typeof value === 'string') {
    try {
      const parsed = new URL(value);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return value;
    } catch {
      // fall through
    }
  }
  logger().warn({ provider }, 'provider answered without a usable game URL');
  throw new ProviderApiError(provider, 'bad-response', 'answer has no usable url');
}
