/**
 * The ledger's idempotency keys of the movements TypeScript makes, each family written once
 * (docs/architecture.md, "Who owns which rule"). A key names its source, so a repeated movement of the
 * same source replays instead of moving twice; the ledger's unique index keeps them (at most 160
 * characters). The keys of the movements the database functions make are written in those functions
 * only: `provx:*` and `provy:*` (shared/db/functions/providers/), `simulate:bet|win:<round>`
 * (shared/db/functions/game/simulate-round.sql), `vip-rebate:<user>:<day>` (the daily rebate's credit
 * query, shared/domain/vip/rebate.ts).
 */
export const ledgerKeys = {
  /** An operator's balance adjustment: the operator's own key when it sends one, else a fresh one. */
  adminAdjustment: (adminId: number, clientKey: string) => `admin-adjust:${adminId}:${clientKey}`,
  adminAdjustmentOnce: (unique: string) => `admin-adjust:${unique}`,
  deposit: (orderId: number | string) => `deposit:${orderId}`,
  withdrawalHold: (withdrawalId: number | string) => `withdrawal:hold:${withdrawalId}`,
  withdrawalRelease: (withdrawalId: number | string) => `withdrawal:release:${withdrawalId}`,
  withdrawalPayout: (withdrawalId: number | string) => `withdrawal:payout:${withdrawalId}`,
  missionReward: (missionId: number, userId: number, periodKey: string) => `mission:${missionId}:${userId}:${periodKey}`,
  promoReward: (promoId: number, userId: number) => `promo:${promoId}:${userId}`,
  promoForfeit: (claimId: number | string) => `promo-forfeit:${claimId}`,
  affiliateSettlement: (settlementId: number | string) => `affiliate:settlement:${settlementId}`,
  affiliateMilestone: (memberId: number, vipLevel: number) => `affiliate:milestone:${memberId}:${vipLevel}`,
  affiliateWithdrawalHold: (withdrawalId: number | string) => `affiliate:withdrawal:hold:${withdrawalId}`,
  affiliateWithdrawalRelease: (withdrawalId: number | string) => `affiliate:withdrawal:release:${withdrawalId}`,
  affiliateWithdrawalPayout: (withdrawalId: number | string) => `affiliate:withdrawal:payout:${withdrawalId}`,
} as const;
