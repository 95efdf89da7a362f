import type { Response } from 'express';
import { dueRealityCheck, type RealityCheck } from '../../shared/domain/responsible-gaming';

/**
 * The reality check on the answers of the player's money endpoints (those declared with `realityCheck`,
 * api/http/endpoint.ts, which the pipeline reads; simulate's result carries the check too) (docs/decisions/responsible-gaming.md, "The reality
 * check stays until it is acknowledged"): while a check is due and not acknowledged, every answer
 * carries the session's start, elapsed minutes, net result, when it fell due and from when bets are
 * refused, in the `X-Reality-Check` header (JSON) of every money endpoint, and as `realityCheck` in
 * simulate's result. Sending it marks nothing: only POST /responsible-gaming/reality-check/ack does.
 */
export const REALITY_CHECK_HEADER = 'X-Reality-Check';

/**
 * Sets the header when a check is due; answers the result with the check as `realityCheck` when
 * `inResult` and one is due, else without that field. A result that carries `realityCheck` already (null
 * or a check: read by the handler's own money statement after its money moved, as simulate's round does)
 * is not read again.
 */
export async function withRealityCheck(res: Response, userId: number, result: unknown, inResult: boolean): Promise<unknown> {
  const carries = typeof result === 'object' && result !== null && 'realityCheck' in result;
  const check = carries ? (result as { realityCheck: RealityCheck | null }).realityCheck : await dueRealityCheck(userId);
  if (check) res.setHeader(REALITY_CHECK_HEADER, JSON.stringify(check));
  if (!carries) return check && inResult ? { ...(result as object), realityCheck: check } : result;
  const { realityCheck: _read, ...rest } = result as { realityCheck: unknown };
  return check && inResult ? { ...rest, realityCheck: check } : rest;
}

/** The header in the API document, on the endpoints that may carry it. */
export const REALITY_CHECK_HEADER_DOCUMENT = {
  [REALITY_CHECK_HEADER]: {
    description:
      "While the player's reality check is due and not acknowledged: the check as JSON (session start, elapsed minutes, net result, due since, bets refused from)",
    schema: { type: 'string' },
  },
};
