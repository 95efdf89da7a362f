import { recordChange, underProtectionLock, type ChangedBy } from './changes';
import { dueRealityCheck, type RealityCheck } from './money-checks';
import { markRealityCheckAcknowledged } from './queries/accounts';

/**
 * POST /responsible-gaming/reality-check/ack (docs/decisions/responsible-gaming.md, "The reality check stays until it is
 * acknowledged"): the player acknowledges the check that is due. Under the player's protection lock
 * (the row a bet's update waits for), "realityCheckAt" becomes now, so the next interval counts from
 * here and bets refused as realityCheckUnacknowledged pass again. Nothing due: nothing changes
 * (`acknowledged` false), so a repeated request is harmless and no check can be acknowledged before it
 * is due (which would push the next one out unseen).
 */
export interface RealityCheckAck {
  acknowledged: boolean;
  /** The check acknowledged (null when none was due). */
  realityCheck: RealityCheck | null;
}

export async function acknowledgeRealityCheck(site: string, userId: number, by: ChangedBy): Promise<RealityCheckAck> {
  return underProtectionLock(site, userId, async (t) => {
    const due = await dueRealityCheck(userId, t);
    if (!due) return { acknowledged: false, realityCheck: null };
    await markRealityCheckAcknowledged(t, userId);
    await recordChange(t, userId, by, 'acknowledge-reality-check', { dueAt: due.dueAt, elapsedMinutes: due.elapsedMinutes, netResult: due.netResult });
    return { acknowledged: true, realityCheck: due };
  });
}
