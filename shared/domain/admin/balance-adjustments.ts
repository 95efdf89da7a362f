import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { InputError, Refusal } from '../../errors';
import { ledgerKeys, money, moveBalance, WalletError, type WalletResult } from '../wallet';
import { type Actor, recordAdminAction } from '../audit';
import { inSite, userNotFound } from './players';

/**
 * An operator's balance adjustment of a player (not in the spec; POST /admin/users/:userId/balance-
 * adjustments, permission module `user`). Refusals: `admin.userNotFound` (or of another site than the
 * administrator's filter), `admin.balanceTooLow` (a debit below zero); nothing moves.
 */

export interface AdjustmentInput {
  /** Signed decimal string, at most 6 decimals, not zero. */
  amount: string;
  reason: string;
  /** The client's Idempotency-Key header, if any. */
  idempotencyKey?: string;
}

export interface AdjustmentResult {
  balanceBefore: string;
  balanceAfter: string;
  ledgerId: string;
  /** True when the Idempotency-Key had been applied before: nothing moved now. */
  replayed: boolean;
}

/** `admin-adjust:<adminId>:<Idempotency-Key>` when the client sent one, else `admin-adjust:<uuid>`. */
function walletKey(actor: Actor, idempotencyKey: string | undefined): string {
  return idempotencyKey !== undefined ? ledgerKeys.adminAdjustment(actor.adminId, idempotencyKey) : ledgerKeys.adminAdjustmentOnce(randomUUID());
}

/** The operation-log row of an adjustment that moved money, under the player's site. */
async function recordAdjustment(
  actor: Actor,
  user: User,
  amount: Decimal,
  input: AdjustmentInput,
  moved: WalletResult,
  transaction: Transaction,
): Promise<void> {
  await recordAdminAction(
    {
      adminId: actor.adminId,
      ...actor.meta,
      siteCode: user.siteCode,
      module: 'user',
      action: 'balance-adjust',
      targetId: user.id,
      summary: `adjusted the balance of ${user.account} by ${money(amount)}: ${input.reason}`,
      detail: {
        userId: user.id,
        account: user.account,
        amount: money(amount),
        reason: input.reason,
        balanceBefore: moved.balanceBefore,
        balanceAfter: moved.balanceAfter,
        ledgerId: moved.ledgerId,
        idempotencyKey: input.idempotencyKey ?? null,
      },
    },
    { transaction },
  );
}

/** What a wallet refusal answers: `balanceTooLow`, `userNotFound` (user gone), a 400 on Idempotency-Key or amount. */
function refusalOf(err: WalletError): Error {
  switch (err.reason) {
    case 'INSUFFICIENT_FUNDS':
      return new Refusal('admin.balanceTooLow', 'Insufficient balance');
    case 'USER_NOT_FOUND':
      return userNotFound();
    case 'IDEMPOTENCY_CONFLICT':
      return new InputError('Idempotency-Key', 'this Idempotency-Key was already used for another adjustment (another player or amount)', 'header');
    default:
      return new InputError('amount', err.message);
  }
}

/**
 * POST /admin/users/:userId/balance-adjustments: one wallet movement of kind `adjustment` (the reason is
 * its remark) and its operation-log row, in one transaction. The idempotency key is
 * `admin-adjust:<adminId>:<Idempotency-Key>` when the client sends the header (a replay, even a
 * concurrent one, moves nothing and answers the first result), else `admin-adjust:<uuid>`.
 * Refused: `userNotFound` (missing or of another site), `balanceTooLow` (a debit below zero); the same key with another user or
 * amount is a 400 naming Idempotency-Key.
 */
export async function adjustBalance(actor: Actor, userId: number, siteCode: string | null, input: AdjustmentInput): Promise<AdjustmentResult> {
  const amount = new Decimal(input.amount);
  if (amount.isZero()) throw new InputError('amount', 'must not be zero');
  const idempotencyKey = walletKey(actor, input.idempotencyKey);
  try {
    return await db().transaction(async (transaction) => {
      const user = await User.findByPk(userId, { attributes: ['id', 'siteCode', 'account'], transaction });
      if (!inSite(user, siteCode)) throw userNotFound();
      const moved = await moveBalance(transaction, {
        userId,
        amount,
        kind: 'adjustment',
        idempotencyKey,
        ref: { type: 'admin', id: actor.adminId },
        remark: input.reason,
      });
      if (!moved.replayed) await recordAdjustment(actor, user, amount, input, moved, transaction);
      return { balanceBefore: moved.balanceBefore, balanceAfter: moved.balanceAfter, ledgerId: moved.ledgerId, replayed: moved.replayed };
    });
  } catch (err) {
    if (err instanceof WalletError) throw refusalOf(err);
    throw err;
  }
}
