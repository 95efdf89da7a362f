import bcrypt from 'bcrypt';
import Decimal from 'decimal.js';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { recordAdminAction, type RequestMeta } from '../audit';
import { closeOpenLogins } from './login-records';
import { forgetTokenVersion } from './tokens';
import { spendTotpCode } from './totp-codes';

/**
 * POST /auth/close-account (docs/decisions/auth.md, "Closing an account"): the player closes the account,
 * confirmed by the password or, for an account with an authenticator, by a current code (an account
 * created by a third-party login has no password: its authenticator confirms, else nothing does:
 * `closeUnconfirmed`). The cash balance is withdrawn first through the normal withdrawal: closing is
 * refused (`closeBalanceLeft`) while `balance` is above zero; a withdrawal already requested (its hold)
 * goes on to review and payout, which need no player session. In one transaction under the player's row:
 * closedAt is set, tokenVersion raised (every token ends) and the open sessions closed, with an
 * operation-log row (module `user`, adminId null). A closed account never logs in again (completeLogin).
 */
export async function closeAccount(userId: number, confirm: { password?: string | null; totpCode?: string | null }, meta: RequestMeta): Promise<null> {
  const found = await User.findByPk(userId);
  if (!found || found.closedAt) throw new Refusal('auth.accountClosed');
  const byPassword = Boolean(confirm.password) && found.password !== '' && (await bcrypt.compare(confirm.password!, found.password).catch(() => false));
  if (!byPassword) {
    if (found.totpAuthEnabled !== 1 || !confirm.totpCode) throw new Refusal('auth.closeUnconfirmed');
    await spendTotpCode('users', found.id, confirm.totpCode, 1);
  }
  await db().transaction(async (transaction) => {
    const user = await User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user || user.closedAt) throw new Refusal('auth.accountClosed');
    if (new Decimal(user.balance).gt(0)) throw new Refusal('auth.closeBalanceLeft', `balance ${user.balance}`);
    await user.update({ closedAt: new Date(), tokenVersion: user.tokenVersion + 1 }, { transaction });
    await closeOpenLogins(user.id, transaction);
    await recordAdminAction(
      {
        adminId: null,
        siteCode: user.siteCode,
        ...meta,
        module: 'user',
        action: 'close-account',
        targetId: user.id,
        summary: `player ${user.id} closed the account`,
        detail: { frozenBalance: user.frozenBalance, bonusBalance: user.bonusBalance },
      },
      { transaction },
    );
    transaction.afterCommit(() => forgetTokenVersion(user.id).catch(() => undefined));
  });
  return null;
}
