import { logger } from '../logger';

/**
 * One JSON call to a third party with a time-out, as every HTTP integration makes it (game providers,
 * payment services, the live-sports feed): the failure kinds, their log lines and their messages are
 * decided here once; each integration turns a failure into its own error class through `fail`.
 */
export type CallFailure = 'timeout' | 'network' | 'http' | 'bad-response';

export interface JsonCall {
  /** What is called, for log lines: 'provider', 'payment service', 'live-sports feed'. */
  label: string;
  /** Fields every log line of the call carries (integration, method, path...). */
  log: Record<string, unknown>;
  method?: 'GET' | 'POST';
  url: URL;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** Appended to the messages of an error status and a body that is not JSON (for example ` on /fixtures`). */
  where?: string;
}

export interface JsonAnswer {
  body: unknown;
  status: number;
  /** The body as received, for log lines of checks the integration makes on it. */
  text: string;
  started: number;
}

/** Resolves with the parsed JSON body of a 2xx answer within the time-out; otherwise logs and throws `fail(kind, message, status)`. */
export async function jsonCall(call: JsonCall, fail: (kind: CallFailure, message: string, status?: number) => Error): Promise<JsonAnswer> {
  const started = Date.now();
  const where = call.where ?? '';
  let res: Response;
  let text: string;
  try {
    res = await fetch(call.url, {
      method: call.method ?? 'GET',
      headers: { accept: 'application/json', ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}), ...call.headers },
      body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const timedOut = (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError';
    logger().warn(
      { ...call.log, ms: Date.now() - started, err: (err as Error)?.message },
      timedOut ? `${call.label} call timed out` : `${call.label} unreachable`,
    );
    throw fail(timedOut ? 'timeout' : 'network', timedOut ? `no answer within ${call.timeoutMs} ms` : `unreachable: ${(err as Error)?.message}`);
  }
  if (!res.ok) {
    logger().warn({ ...call.log, ms: Date.now() - started, status: res.status, body: text.slice(0, 300) }, `${call.label} answered an error status`);
    throw fail('http', `HTTP ${res.status}${where}`, res.status);
  }
  try {
    return { body: JSON.parse(text), status: res.status, text, started };
  } catch {
    logger().warn({ ...call.log, status: res.status, body: text.slice(0, 300) }, `${call.label} answered a body that is not JSON`);
    throw fail('bad-response', `answer is not JSON${where}`, res.status);
  }
}

/** `base` (any trailing slashes dropped) + `path`, with the defined `query` values as its search parameters. */
export function urlUnder(base: string, path: string, query: Record<string, string | number | undefined> = {}): URL {
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}
