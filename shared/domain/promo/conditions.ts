import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import type { Promotion, PromotionConditionType } from '../../db/models';
import { InputError } from '../../errors';
import { firstPaidDepositAt, paidDepositUsdSum } from '../deposit';
import { vipLevelNumber } from '../mission';
import { moneyAmountOf } from '../wallet';
import { isRunning } from './views';

/**
 * Whether a player may claim a promotion: running, quota left, and its condition met.
 * - deposit_threshold: the USD sum of the player's deposits paid within the promotion's period is at
 *   least conditionValue;
 * - vip_level: the player's VIP level is at least conditionValue;
 * - first_deposit: the player's first paid deposit was paid within the period.
 * The deposit facts come from shared/domain/deposit/totals.ts (paid orders by their paid time).
 */

/** Quota left: unlimited (maxClaims 0) or fewer claims than maxClaims. */
export const quotaLeft = (p: Pick<Promotion, 'maxClaims' | 'claimedCount'>): boolean => p.maxClaims === 0 || p.claimedCount < p.maxClaims;

/** The highest VIP level a vip_level promotion may require. */
export const MAX_VIP_CONDITION = 1000;

/**
 * conditionValue as stored for its type: a non-negative money amount (deposit_threshold), a VIP level
 * 0..1000 (vip_level), '0' (first_deposit: unused). Anything else is a 400 naming conditionValue.
 */
export function conditionValueFor(type: PromotionConditionType, value: string | undefined): string {
  if (type === 'first_deposit') return '0';
  const given = value ?? '0';
  if (type === 'deposit_threshold') {
    const amount = moneyAmountOf(given);
    if (amount === null)
      throw new InputError('conditionValue', 'must be a deposit amount in USD (a non-negative decimal with at most 6 decimals) for deposit_threshold');
    return amount;
  }
  if (!/^\d{1,4}$/.test(given.trim()) || Number(given) > MAX_VIP_CONDITION)
    throw new InputError('conditionValue', `must be a VIP level (an integer 0 to ${MAX_VIP_CONDITION}) for vip_level`);
  return String(Number(given));
}

/** What a player's conditions are checked against; each deposit fact is looked up once, when first needed. */
export class ClaimantFacts {
  private first?: Promise<Date | null>;
  private sums = new Map<string, Promise<string>>();

  constructor(
    private readonly userId: number,
    private readonly vipLevel: string,
    private readonly transaction?: Transaction,
  ) {}

  private firstDepositAt(): Promise<Date | null> {
    this.first ??= firstPaidDepositAt(this.userId, this.transaction);
    return this.first;
  }

  private depositsIn(from: Date, to: Date): Promise<string> {
    const key = `${from.toISOString()}/${to.toISOString()}`;
    let sum = this.sums.get(key);
    if (!sum) {
      sum = paidDepositUsdSum(this.userId, { from, to }, this.transaction);
      this.sums.set(key, sum);
    }
    return sum;
  }

  /** True when the player meets the promotion's condition now. */
  async meets(p: Pick<Promotion, 'conditionType' | 'conditionValue' | 'startTime' | 'endTime'>): Promise<boolean> {
    const from = new Date(p.startTime);
    const to = new Date(p.endTime);
    switch (p.conditionType) {
      case 'deposit_threshold':
        return new Decimal(await this.depositsIn(from, to)).gte(p.conditionValue);
      case 'vip_level':
        return vipLevelNumber(this.vipLevel) >= Number(p.conditionValue);
      case 'first_deposit': {
        const first = await this.firstDepositAt();
        return first !== null && first >= from && first < to;
      }
      default:
        return false;
    }
  }

  /** A claim would pass every check now: running, not claimed, quota left, condition met. */
  async canClaim(p: Promotion, claimed: boolean, now: Date): Promise<boolean> {
    return isRunning(p, now) && !claimed && quotaLeft(p) && (await this.meets(p));
  }
}
