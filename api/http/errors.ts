/**
 * The edge's own refusals, with their HTTP status: validation 400, authentication 401, permission 403,
 * route 404, body 413/415, rate limit 429. Its message is its status's text (api/http/generic-texts.ts)
 * unless `detail` gives the precise reason; `extra` adds envelope fields (`errors`, `retryAfter`). The domain never throws it
 * (shared/errors.ts holds the business errors).
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly detail?: string,
    public readonly extra?: Record<string, unknown>,
  ) {
    super(detail ?? `HTTP ${status}`);
    this.name = 'HttpError';
  }
}
