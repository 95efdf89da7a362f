import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { config } from '../../../config';
import { AffiliateWithdrawal } from '../../../db/models';
import { db } from '../../../db/sequelize';
import { Refusal } from '../../../errors';
import { findApprovedInstrument, ledgerKeys, lockAffiliateAccount, money, moveAffiliateBalance, WalletError } from '../../wallet';
import { requireWithdrawalLevel, lockForWithdrawalGate } from '../../kyc';
import { requireAgent } from '../agent';
import { AFFILIATE_WITHDRAWAL_METHODS, type AffiliateWithdrawalMethod } from './views';

export interface AffiliateWithdrawalInput {
  /** Plain decimal string, at most 6 decimals (signed: zero or negative is the refusal `amountNotPositive`, not a 400). */
  amount: string;
  /** Any string: one other than `bank_card` or `crypto` is the refusal `methodUnknown`, not a 400. */
  method: string;
  targetId: number;
}

const INSTRUMENT_OF = { bank_card: 'bank-card', crypto: 'crypto-address' } as const;

const isMethod = (method: string): method is AffiliateWithdrawalMethod => (AFFILIATE_WITHDRAWAL_METHODS as readonly string[]).includes(method);

/**
 * POST /affiliate/withdrawals/request, the checks in the spec's order: `notAgent`,
 * `amountNotPositive`, `methodUnknown`, `targetNotApproved` (not an approved (status 1) bank card or
 * crypto address of this agent on this site), `withdrawalCooldown`, `balanceTooLow` (available commission). Then, in
 * the same transaction, the withdrawal row (pending) and the hold: one movement of the affiliate account,
 * available to frozen, `affiliate:withdrawal:hold:<id>`.
 *
 * The cooldown and the balance are checked with the agent's affiliate account row locked (the lock the
 * hold takes anyway), so two requests at once run one after the other: the second sees the first's row
 * (`withdrawalCooldown` while a cooldown applies) or its hold (`balanceTooLow`). The cooldown runs from the createdAt of the agent's
 * latest request that was not rejected (AFFILIATE_WITHDRAWAL_COOLDOWN_HOURS, default 24; 0 = none).
 * Last, the KYC withdrawal gate, the players' one (`kyc.level2Required`, docs/kyc.md, "Gates"): the
 * agent's player and commission withdrawals of 30 days with this one against the site's amount, under
 * the agent's users row lock, taken before the affiliate account's (the lock order: the instrument, as a
 * player withdrawal's row takes its address, then the users row, then the affiliate account).
 */
export async function requestAffiliateWithdrawal(siteCode: string, userId: number, input: AffiliateWithdrawalInput) {
  const agent = await requireAgent(userId);
  const amount = new Decimal(input.amount);
  if (amount.lte(0)) throw new Refusal('affiliate.amountNotPositive');
  if (!isMethod(input.method)) throw new Refusal('affiliate.methodUnknown');
  const method = input.method;

  const row = await db().transaction(async (transaction) => {
    const target = await findApprovedInstrument(siteCode, agent.id, INSTRUMENT_OF[method], input.targetId, { transaction, lock: true });
    if (!target) throw new Refusal('affiliate.targetNotApproved');
    // The KYC gate's lock, before the affiliate account's (the lock order: instrument, users row, affiliate account).
    await lockForWithdrawalGate(transaction, agent.id);
    const balance = await lockAffiliateAccount(transaction, agent.id);

    const hours = config().affiliateWithdrawalCooldownHours;
    if (hours > 0) {
      const [recent] = await db().query(
        `SELECT id FROM affiliate_withdrawals
          WHERE "agentId" = :agentId AND status <> 'rejected' AND "createdAt" > now() - make_interval(hours => :hours)
          LIMIT 1`,
        { replacements: { agentId: agent.id, hours }, type: QueryTypes.SELECT, transaction },
      );
      if (recent) throw new Refusal('affiliate.withdrawalCooldown');
    }
    if (amount.gt(balance.available)) throw new Refusal('affiliate.balanceTooLow');

    const withdrawal = await AffiliateWithdrawal.create(
      { siteCode, agentId: agent.id, amount: amount.toFixed(), method, targetId: input.targetId, status: 'pending' },
      { transaction },
    );
    try {
      await moveAffiliateBalance(transaction, {
        userId: agent.id,
        siteCode,
        kind: 'withdrawal-hold',
        available: amount.neg().toFixed(),
        frozen: amount.toFixed(),
        idempotencyKey: ledgerKeys.affiliateWithdrawalHold(withdrawal.id),
        ref: { type: 'affiliate-withdrawal', id: withdrawal.id },
      });
    } catch (err) {
      if (err instanceof WalletError && err.reason === 'INSUFFICIENT_FUNDS') throw new Refusal('affiliate.balanceTooLow');
      throw err;
    }
    await requireWithdrawalLevel(transaction, siteCode, agent.id);
    return withdrawal;
  });
  return { id: Number(row.id), amount: money(row.amount), status: row.status };
}
