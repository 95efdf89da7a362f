import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import { PromotionClaim, User } from '../../db/models';
import { pickText, type Locale } from '../../i18n/locales';
import { paidDepositUsdSum } from '../deposit';
import { exclusionInForce } from '../responsible-gaming';
import { money } from '../wallet';

/**
 * The withdrawal turnover rule: every promotion the player claimed has completed its
 * turnover, and the player's total effective bet (users."totalEffectiveBet", weighted and
 * kept by the post-bet chain) is at least the USD sum of the player's paid deposits times
 * DEPOSIT_TURNOVER_MULTIPLIER. GET /withdrawal/turnover-status shows it; a withdrawal
 * request checks it (2008, 2009) with the same function.
 *
 * During an exclusion (cooling-off, self-exclusion: rg_exclusion_refusal) bets are refused, so turnover
 * cannot grow: the rule then does not stand in the way of withdrawing the cash balance (canWithdraw true;
 * turnoverRule says which exclusion waives it). The promotion rewards whose turnover was open were forfeited when the exclusion
 * started (shared/domain/responsible-gaming/promo-forfeits.ts), so what is withdrawn is the player's own money
 * (docs/decisions/responsible-gaming.md, "An excluded player's money: the cash is withdrawable, rewards are forfeited or withheld").
 */
export const DEPOSIT_TURNOVER_MULTIPLIER = 1;

export interface TurnoverStatus {
  canWithdraw: boolean;
  deposit: { totalDeposits: string; multiplier: number; requiredTurnover: string; completedTurnover: string; remaining: string; completed: boolean };
  promo: {
    pendingCount: number;
    completed: boolean;
    items: Array<{ promoId: number; promoTitle: string; rewardAmount: string; requiredTurnover: string; completedTurnover: string; remaining: string }>;
  };
}

const remainingOf = (required: Decimal.Value, completed: Decimal.Value) => money(Decimal.max(0, new Decimal(required).minus(completed)));

/** GET /withdrawal/turnover-status: the player's turnover status. */
export async function turnoverStatus(userId: number, locale: Locale): Promise<TurnoverStatus> {
  return (await turnoverRule(userId, locale)).status;
}

/**
 * The turnover status and the exclusion in force that waives it (else null), read in `transaction` when
 * given. Promotion items are the claims not yet completed, oldest first.
 */
export async function turnoverRule(userId: number, locale: Locale, transaction?: Transaction): Promise<{ status: TurnoverStatus; exclusion: string | null }> {
  // One after the other: in a transaction they share its one connection.
  const user = await User.findByPk(userId, { attributes: ['id', 'totalEffectiveBet'], transaction });
  const totalDeposits = await paidDepositUsdSum(userId, {}, transaction);
  const exclusion = await exclusionInForce(userId, transaction);
  const claims = await PromotionClaim.findAll({
    where: { userId, turnoverCompleted: 0 },
    order: [
      ['claimedAt', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  const required = new Decimal(totalDeposits).times(DEPOSIT_TURNOVER_MULTIPLIER);
  const bet = new Decimal(user?.totalEffectiveBet ?? 0);
  const deposit = {
    totalDeposits,
    multiplier: DEPOSIT_TURNOVER_MULTIPLIER,
    requiredTurnover: money(required),
    completedTurnover: money(bet),
    remaining: remainingOf(required, bet),
    completed: bet.gte(required),
  };
  const promo = {
    pendingCount: claims.length,
    completed: claims.length === 0,
    items: claims.map((c) => ({
      promoId: c.promoId,
      promoTitle: pickText(c.promoTitle, locale),
      rewardAmount: money(c.rewardAmount),
      requiredTurnover: money(c.requiredTurnover),
      completedTurnover: money(c.completedTurnover),
      remaining: remainingOf(c.requiredTurnover, c.completedTurnover),
    })),
  };
  return { status: { canWithdraw: exclusion !== null || (deposit.completed && promo.completed), deposit, promo }, exclusion };
}
