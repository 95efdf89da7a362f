import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { balanceOf, ledgerKeys, money, moveBalance } from '../wallet';

/**
 * Promotion rewards forfeited when a cooling-off or a self-exclusion starts (docs/decisions/responsible-gaming.md, "An
 * excluded player's money: the cash is withdrawable, rewards are forfeited or withheld"). A reward whose
 * turnover is still open was given to be played; play is refused during the exclusion, and the
 * withdrawal's turnover rule is waived then, so the reward is taken back instead of being withdrawn.
 * Each open claim is one wallet movement of kind `promo-forfeit` (key `promo-forfeit:<claimId>`) of the
 * reward, or of the balance left when it is lower (never below 0; nothing moves at 0), and the claim is
 * closed: turnoverCompleted 1 (nothing is owed any more), with forfeitedAt, forfeitedAmount and the
 * ledger row. Only the cash balance is taken; money held for a pending withdrawal stays held.
 */
export interface OpenClaim {
  id: string;
  promoId: number;
  rewardAmount: string;
}

/**
 * Locks the player's open promotion claims (turnover not complete), in id order. Claims come before the
 * player's `users` row in the lock order (docs/decisions/platform.md, "One lock order"), so this runs first.
 */
export async function lockOpenClaims(transaction: Transaction, userId: number): Promise<OpenClaim[]> {
  return db().query<OpenClaim>(
    `SELECT id, "promoId", "rewardAmount" FROM promotion_claims WHERE "userId" = :userId AND "turnoverCompleted" = 0 ORDER BY id FOR UPDATE`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
}

/** The ids of the player's open promotion claims, as committed now (no lock). */
export async function openClaimIds(transaction: Transaction, userId: number): Promise<string[]> {
  const rows = await db().query<{ id: string }>(`SELECT id FROM promotion_claims WHERE "userId" = :userId AND "turnoverCompleted" = 0`, {
    replacements: { userId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows.map((row) => String(row.id));
}

/** Forfeits the claims lockOpenClaims returned, oldest first, in the caller's transaction (the player's row locked). Returns what was taken. */
export async function forfeitOpenClaims(transaction: Transaction, userId: number, claims: readonly OpenClaim[], why: string): Promise<string> {
  let taken = new Decimal(0);
  for (const claim of claims) {
    const balance = new Decimal((await balanceOf(userId, transaction)) ?? 0);
    const amount = Decimal.min(balance, claim.rewardAmount);
    let ledgerId: string | null = null;
    if (amount.gt(0)) {
      const moved = await moveBalance(transaction, {
        userId,
        amount: amount.neg(),
        kind: 'promo-forfeit',
        idempotencyKey: ledgerKeys.promoForfeit(claim.id),
        ref: { type: 'promotion-claim', id: claim.id },
        remark: `promotion ${claim.promoId} reward forfeited: ${why}`,
      });
      ledgerId = moved.ledgerId;
      taken = taken.plus(amount);
    }
    await db().query(
      `UPDATE promotion_claims SET "turnoverCompleted" = 1, "forfeitedAt" = now(), "forfeitedAmount" = :amount, "forfeitLedgerId" = :ledgerId, "updatedAt" = now() WHERE id = :id`,
      { replacements: { id: claim.id, amount: amount.toFixed(6), ledgerId }, transaction },
    );
  }
  return money(taken);
}
