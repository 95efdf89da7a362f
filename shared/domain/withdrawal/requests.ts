import Decimal from 'decimal.js';
import { Withdrawal } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { Locale } from '../../i18n/locales';
import { playerById } from '../auth';
import { forfeitForWithdrawal } from '../bonus';
import { requireWithdrawalLevel } from '../kyc';
import { findApprovedInstrument, ledgerKeys, moveBalance, WalletError } from '../wallet';
import { checkWithdrawalCode, consumeWithdrawalCode } from './codes';
import { turnoverRule } from './turnover';
import { addressesOf, playerView } from './views';

export interface WithdrawalInput {
  /** Plain decimal string (signed: a negative amount is the spec's 2006, not a 400). */
  amount: string;
  cryptoAddressId: number;
  verifyCode: string;
  /** The player accepts that the request forfeits their active bonus money (docs/decisions/bonus.md). */
  forfeitBonuses?: boolean;
}

/**
 * POST /withdrawal/request, the checks in the spec's order: 2001 no live code, 2002 wrong
 * code, 2003 e-mail not verified, 2004 mobile not verified, 2005 no approved address of the player, 2006
 * amount not above 0, 2007 balance too low, 2008 a claimed promotion's turnover open, 2009 deposit
 * turnover short (both waived during an exclusion: turnover.ts), then the KYC level (docs/kyc.md:
 * `kyc.level2Required` when the withdrawals of 30 days pass the site's amount). Then,
 * in one transaction: the withdrawal row (pending), the hold (one wallet movement from balance to
 * frozenBalance, `withdrawal:hold:<id>`), the bonus forfeit (when the site's bonus.forfeitOnWithdrawal and a
 * grant is active: `bonus.forfeitRequired` unless `forfeitBonuses`), the turnover and KYC checks, and the
 * code consumed.
 *
 * The hold locks the player's row before the turnover is read, so a promotion reward or a deposit
 * credited meanwhile (both lock the row to move the balance) is either seen by the check or credited
 * after the withdrawal; no other row is locked (the lock order: orders, claims, then the user row). Two
 * requests at once: the second waits on the row, then finds the balance spent (2007) or, with money left
 * for both, the code consumed (2001): one code makes one withdrawal.
 */
export async function requestWithdrawal(siteCode: string, userId: number, input: WithdrawalInput, locale: Locale) {
  const user = await playerById(userId);
  await checkWithdrawalCode(user, input.verifyCode);
  if (!user.email) throw new Refusal('withdrawal.emailUnverified');
  if (!user.mobile) throw new Refusal('withdrawal.mobileUnverified');
  if (!(await findApprovedInstrument(siteCode, userId, 'crypto-address', input.cryptoAddressId))) throw new Refusal('withdrawal.addressNotApproved');
  const amount = new Decimal(input.amount);
  if (amount.lte(0)) throw new Refusal('withdrawal.amountNotPositive');

  const row = await db().transaction(async (transaction) => {
    const withdrawal = await Withdrawal.create(
      { siteCode, userId, amount: amount.toFixed(), cryptoAddressId: input.cryptoAddressId, status: 'pending' },
      { transaction },
    );
    try {
      await moveBalance(transaction, {
        userId,
        amount: amount.neg(),
        frozenAmount: amount,
        kind: 'withdrawal-freeze',
        idempotencyKey: ledgerKeys.withdrawalHold(withdrawal.id),
        ref: { type: 'withdrawal', id: withdrawal.id },
      });
    } catch (err) {
      if (err instanceof WalletError && err.reason === 'INSUFFICIENT_FUNDS') throw new Refusal('withdrawal.balanceTooLow');
      throw err;
    }
    // Under the row the hold locked: a bet with bonus money waits for this request or came before it.
    await forfeitForWithdrawal(transaction, siteCode, userId, input.forfeitBonuses === true);
    // Read under the row the hold locked: an exclusion starts with that row locked, so it is either seen
    // here or starts after this withdrawal. An excluded player's turnover cannot grow: it is waived.
    const { status, exclusion } = await turnoverRule(userId, locale, transaction);
    if (exclusion === null && !status.promo.completed) throw new Refusal('withdrawal.promoTurnoverOpen');
    if (exclusion === null && !status.deposit.completed) throw new Refusal('withdrawal.depositTurnoverShort');
    await requireWithdrawalLevel(transaction, siteCode, userId);
    await consumeWithdrawalCode(transaction, userId, input.verifyCode);
    return withdrawal;
  });
  return playerView(row, await addressesOf([row]));
}
