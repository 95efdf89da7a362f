import type { Response } from 'express';
import { dueRealityCheck, type RealityCheck } from '../../../shared/domain/responsible-gaming/money-checks';

/**
 * The reality check on the answers of the player's money endpoints (docs/decisions.md, "Player
 * protection: calendar periods, running totals, checked where the money moves"): when the player's
 * interval is due, the answer carries the session's start, elapsed minutes and net result, in the
 * `X-Reality-Check` header (JSON) of every money endpoint, and as `realityCheck` in simulate's result.
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
