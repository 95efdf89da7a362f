import type { Response } from 'express';
import { dueRealityCheck, type RealityCheck } from '../../../shared/domain/responsible-gaming';

/**
 * The reality check on the answers of the player's money endpoints (docs/decisions/responsible-gaming.md, "The reality
 * check stays until it is acknowledged"): while a check is due and not acknowledged, every answer
 * carries the session's start, elapsed minutes, net result, when it fell due and from when bets are
 * refused, in the `X-Reality-Check` header (JSON) of every money endpoint, and as `realityCheck` in
 * simulate's result. Sending it marks nothing: only POST /responsible-gaming/reality-check/ack does.
 */
export const REALITY_CHECK_HEADER = 'X-Reality-Check';

/** Sets the header when a check is due; answers the check (null when none). */
export async function realityCheckHeader(res: Response, userId: number): Promise<RealityCheck | null> {
  const check = await dueRealityCheck(userId);
  if (check) res.setHeader(REALITY_CHECK_HEADER, JSON.stringify(check));
  return check;
}

/** `result` as answered, with the header set when a check is due. */
export async function withRealityCheck<T>(res: Response, userId: number, result: T): Promise<T> {
  await realityCheckHeader(res, userId);
  return result;
}
