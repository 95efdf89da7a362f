/**
 * Errors the HTTP edge turns into envelopes.
 * - BizError: a business rule said no (HTTP 200, code from the spec's table, message by path and locale).
 * - HttpError: a generic refusal with its own HTTP status (validation 400, permission 403, route 404,
 *   body 413, rate limit 429, dependency down 503). Its message is looked up under path '*' unless
 *   `detail` gives the precise reason (e.g. the failing field).
 */
export class BizError extends Error {
  /**
   * @param messagePath the path template whose message applies, when it is not the failing route's own
   *   (an alternative entry point to the same operation).
   */
  constructor(
    public readonly code: number,
    public readonly detail?: string,
    public readonly messagePath?: string,
  ) {
    super(detail ?? `business error ${code}`);
    this.name = 'BizError';
  }
}

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
