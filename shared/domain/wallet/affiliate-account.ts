import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { countWalletMovement } from '../../metrics';
import { MAX_MONEY, MONEY_SCALE, money, parseAmount, WalletError } from './wallet';

/**
 * An agent's affiliate commission balance: its own account in the wallet module
 * (docs/architecture.md, "Invariants"), the only code that changes affiliate_accounts. Every movement is one
 * call inside the caller's transaction: the account row is locked, the idempotency key looked up (a key
 * applied before moves nothing and answers the balance as it is now, with the first movement's ledger id
 * and `replayed`; the same key with another kind, other amounts or for another agent is refused), then
 * one conditional UPDATE that never takes available or frozen below zero, and one affiliate_ledger row.
 * Invariant (tested): each of available, frozen, totalEarned and totalWithdrawn equals the sum of its
 * ledger column.
 *
 * The movements the program makes:
 * - commission / milestone: available +x, totalEarned +x
 * - withdrawal hold:        available -x, frozen +x
 * - withdrawal release:     frozen -x, available +x
 * - withdrawal payout:      frozen -x, totalWithdrawn +x
 */
export type AffiliateLedgerKind = 'commission' | 'milestone' | 'withdrawal-hold' | 'withdrawal-release' | 'withdrawal-payout';

export interface AffiliateMove {
  userId: number;
  /** The agent's site: a user of another site is refused (USER_NOT_FOUND), so a movement never crosses tenants. */
  siteCode: string;
  kind: AffiliateLedgerKind;
  /** Signed changes, decimal strings; omitted = 0. */
  available?: string;
  frozen?: string;
  earned?: string;
  withdrawn?: string;
  /** Unique per movement, e.g. `affiliate:settlement:<id>`; at most 160 characters. */
  idempotencyKey: string;
  ref?: { type: string; id: string | number };
}

export interface AffiliateBalance {
  available: string;
  frozen: string;
  totalEarned: string;
  totalWithdrawn: string;
}

export interface AffiliateMoveResult extends AffiliateBalance {
  ledgerId: string;
  replayed: boolean;
}

interface AccountRow {
  available: string;
  frozen: string;
  totalEarned: string;
  totalWithdrawn: string;
}

interface LedgerRow {
  id: string;
  userId: number;
  kind: string;
  availableAmount: string;
  frozenAmount: string;
  earnedAmount: string;
  withdrawnAmount: string;
}

const view = (row: AccountRow): AffiliateBalance => ({
  available: money(row.available),
  frozen: money(row.frozen),
  totalEarned: money(row.totalEarned),
  totalWithdrawn: money(row.totalWithdrawn),
});

const ZERO: AffiliateBalance = { available: money(0), frozen: money(0), totalEarned: money(0), totalWithdrawn: money(0) };

/** An agent's affiliate balance (all zero before its first movement). */
export async function affiliateBalanceOf(userId: number, transaction?: Transaction): Promise<AffiliateBalance> {
  const [row] = await db().query<AccountRow>('SELECT available, frozen, "totalEarned", "totalWithdrawn" FROM affiliate_accounts WHERE "userId" = $1', {
    bind: [userId],
    type: QueryTypes.SELECT,
    transaction,
  });
  return row ? view(row) : ZERO;
}

/**
 * Creates the agent's account row if missing and locks it (FOR UPDATE) until the caller's transaction
 * ends (USER_NOT_FOUND when the user is not of `siteCode`, when given); the row exists before it is locked, so two first movements of one agent serialize on it too.
 */
async function lockedAccount(transaction: Transaction, userId: number, siteCode: string | null = null): Promise<AccountRow> {
  await db().query(
    `INSERT INTO affiliate_accounts ("userId", "siteCode") SELECT id, "siteCode" FROM users WHERE id = $1
     ON CONFLICT ("userId") DO NOTHING`,
    { bind: [userId], transaction },
  );
  const [account] = await db().query<AccountRow>(
    `SELECT available, frozen, "totalEarned", "totalWithdrawn" FROM affiliate_accounts
      WHERE "userId" = $1 AND ($2::text IS NULL OR "siteCode" = $2) FOR UPDATE`,
    { bind: [userId, siteCode], type: QueryTypes.SELECT, transaction },
  );
  if (!account) throw new WalletError('USER_NOT_FOUND', `user ${userId} not found${siteCode ? ` in site ${siteCode}` : ''}`);
  return account;
}

/**
 * The agent's balance, with its account row locked until the caller's transaction ends: a check made
 * after it (a withdrawal's cooldown and balance) holds until the commit, as every movement of the
 * account waits for that row. Lock order: after the users rows the transaction locks.
 */
export async function lockAffiliateAccount(transaction: Transaction, userId: number): Promise<AffiliateBalance> {
  return view(await lockedAccount(transaction, userId));
}

/** Applies one movement of an agent's affiliate balance in the caller's transaction (see the file comment). */
export async function moveAffiliateBalance(transaction: Transaction, move: AffiliateMove): Promise<AffiliateMoveResult> {
  const available = parseAmount(move.available, 'available');
  const frozen = parseAmount(move.frozen, 'frozen');
  const earned = parseAmount(move.earned, 'earned');
  const withdrawn = parseAmount(move.withdrawn, 'withdrawn');
  if (!move.idempotencyKey || move.idempotencyKey.length > 160) {
    throw new WalletError('INVALID_AMOUNT', 'idempotencyKey must be 1 to 160 characters');
  }
  const run = <T extends object>(sql: string, bind: unknown[]) => db().query<T>(sql, { bind, type: QueryTypes.SELECT, transaction });

  const account = await lockedAccount(transaction, move.userId, move.siteCode);

  const [seen] = await run<LedgerRow>(
    `SELECT id, "userId", kind, "availableAmount", "frozenAmount", "earnedAmount", "withdrawnAmount"
       FROM affiliate_ledger WHERE "idempotencyKey" = $1`,
    [move.idempotencyKey],
  );
  if (seen) {
    const same =
      seen.userId === move.userId &&
      seen.kind === move.kind &&
      available.eq(seen.availableAmount) &&
      frozen.eq(seen.frozenAmount) &&
      earned.eq(seen.earnedAmount) &&
      withdrawn.eq(seen.withdrawnAmount);
    if (!same) throw new WalletError('IDEMPOTENCY_CONFLICT', `key ${move.idempotencyKey} was used for another movement`);
    return { ...view(account), ledgerId: String(seen.id), replayed: true };
  }

  const next = {
    available: available.plus(account.available),
    frozen: frozen.plus(account.frozen),
    totalEarned: earned.plus(account.totalEarned),
    totalWithdrawn: withdrawn.plus(account.totalWithdrawn),
  };
  if (next.available.isNegative()) throw new WalletError('INSUFFICIENT_FUNDS', 'affiliate balance too low');
  if (next.frozen.isNegative()) throw new WalletError('INSUFFICIENT_FROZEN', 'affiliate frozen balance too low');
  if (next.totalEarned.isNegative() || next.totalWithdrawn.isNegative()) throw new WalletError('INVALID_AMOUNT', 'a total would go below zero');
  if (Object.values(next).some((d) => d.gt(MAX_MONEY))) {
    throw new WalletError('BALANCE_OVERFLOW', `a balance would exceed ${MAX_MONEY.toFixed(MONEY_SCALE)}`);
  }

  const [row] = await run<AccountRow & { ledgerId: string }>(
    `WITH moved AS (
       UPDATE affiliate_accounts
          SET available = available + $2, frozen = frozen + $3, "totalEarned" = "totalEarned" + $4,
              "totalWithdrawn" = "totalWithdrawn" + $5, "updatedAt" = now()
        WHERE "userId" = $1
        RETURNING "userId", "siteCode", available, frozen, "totalEarned", "totalWithdrawn"
     ), ledger AS (
       INSERT INTO affiliate_ledger ("siteCode", "userId", kind, "availableAmount", "frozenAmount", "earnedAmount",
                                     "withdrawnAmount", "availableAfter", "frozenAfter", "idempotencyKey", "refType", "refId")
       SELECT "siteCode", "userId", $6, $2, $3, $4, $5, available, frozen, $7, $8, $9 FROM moved
       RETURNING id
     )
     SELECT moved.available, moved.frozen, moved."totalEarned", moved."totalWithdrawn", ledger.id AS "ledgerId" FROM moved, ledger`,
    [
      move.userId,
      available.toFixed(),
      frozen.toFixed(),
      earned.toFixed(),
      withdrawn.toFixed(),
      move.kind,
      move.idempotencyKey,
      move.ref?.type ?? null,
      move.ref ? String(move.ref.id) : null,
    ],
  );
  transaction.afterCommit(() => countWalletMovement(`affiliate-${move.kind}`));
  return { ...view(row), ledgerId: String(row.ledgerId), replayed: false };
}
