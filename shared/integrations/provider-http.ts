import { logger } from '../logger';
import { config } from '../config';

/** The HTTP helper both game providers' clients use (shared/integrations/provx.ts, provy.ts). */
export type ProviderCode = 'provx' | 'provy';
export type ProviderFailure = 'not-configured' | 'http' | 'timeout' | 'network' | 'bad-response';

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
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${request.path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const started = Date.now();
  const log = { provider, method: request.method, path: request.path };
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: request.method,
      headers: { accept: 'application/json', ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(providerTimeoutMs()),
    });
    text = await res.text();
  } catch (err) {
    const timedOut = (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError';
    logger().warn({ ...log, ms: Date.now() - started, err: (err as Error)?.message }, timedOut ? 'provider call timed out' : 'provider unreachable');
    throw new ProviderApiError(provider, timedOut ? 'timeout' : 'network', timedOut ? `no answer within ${providerTimeoutMs()} ms` : `unreachable: ${(err as Error)?.message}`);
  }
  if (!res.ok) {
    logger().warn({ ...log, ms: Date.now() - started, status: res.status, body: text.slice(0, 300) }, 'provider answered an error status');
    throw new ProviderApiError(provider, 'http', `HTTP ${res.status}`, res.status);
  }
  try {
    return JSON.parse(text);
  } catch {
    logger().warn({ ...log, status: res.status, body: text.slice(0, 300) }, 'provider answered a body that is not JSON');
    throw new ProviderApiError(provider, 'bad-response', 'answer is not JSON', res.status);
  }
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
