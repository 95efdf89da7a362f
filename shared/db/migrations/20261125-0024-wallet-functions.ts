import type { MigrationContext } from '../migrator';

/**
 * The wallet's movement, the bet-order writer and the outbox row as Postgres functions, so that a
 * caller that is itself a database function (the provider callbacks, migration 0025; a simulate round,
 * migration 0026) and the TypeScript callers (shared/domain/wallet/wallet.ts moveBalance,
 * shared/queues/outbox.ts addToOutbox) run the same statements: one rule each.
 *
 * wallet_move: one movement in the caller's transaction (docs/architecture.md, "Invariants"). Unless the key is
 * new (p_new_key: simulate's freshly drawn round ids), it takes the key's advisory lock and answers an
 * applied key from the ledger (replayed; another user or amount: refusal IDEMPOTENCY_CONFLICT). Then one
 * conditional UPDATE of the user (balance and frozen balance stay within 0..MAX_MONEY) and the ledger row
 * with balances before and after. A refusal (USER_NOT_FOUND, INSUFFICIENT_FUNDS, INSUFFICIENT_FROZEN,
 * BALANCE_OVERFLOW, IDEMPOTENCY_CONFLICT) is returned in `refusal`, never raised: nothing moved and the
 * caller's transaction stays usable.
 */
const MAX_MONEY = '999999999999.999999';

export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE FUNCTION wallet_move(p_user INTEGER, p_amount NUMERIC, p_frozen NUMERIC, p_kind TEXT, p_key TEXT, p_ref_type TEXT,
                                p_ref_id TEXT, p_bet_order BIGINT, p_remark TEXT, p_new_key BOOLEAN DEFAULT FALSE)
    RETURNS TABLE (refusal TEXT, replayed BOOLEAN, id BIGINT, "userId" INTEGER, amount NUMERIC, "frozenAmount" NUMERIC,
                   "balanceBefore" NUMERIC, "balanceAfter" NUMERIC, "frozenBefore" NUMERIC, "frozenAfter" NUMERIC)
    LANGUAGE plpgsql AS $$
    DECLARE
      g game_transactions;
      u RECORD;
    BEGIN
      IF NOT p_new_key THEN
        PERFORM pg_advisory_xact_lock(hashtextextended(p_key, 0));
        SELECT * INTO g FROM game_transactions t WHERE t."idempotencyKey" = p_key;
        IF g.id IS NOT NULL THEN
          RETURN QUERY SELECT CASE WHEN g."userId" <> p_user OR g.amount <> p_amount THEN 'IDEMPOTENCY_CONFLICT' END, TRUE, g.id, g."userId",
                              g.amount, g."frozenAmount", g."balanceBefore", g."balanceAfter", g."frozenBefore", g."frozenAfter";
          RETURN;
        END IF;
      END IF;
      UPDATE users x SET balance = x.balance + p_amount, "frozenBalance" = x."frozenBalance" + p_frozen
       WHERE x.id = p_user
         AND x.balance + p_amount BETWEEN 0 AND ${MAX_MONEY}
         AND x."frozenBalance" + p_frozen BETWEEN 0 AND ${MAX_MONEY}
      RETURNING x."siteCode", x.balance, x."frozenBalance" INTO u;
      IF FOUND THEN
        INSERT INTO game_transactions AS t ("siteCode", "userId", kind, amount, "balanceBefore", "balanceAfter", "frozenAmount", "frozenBefore",
                                            "frozenAfter", "idempotencyKey", "refType", "refId", "betOrderId", remark)
        VALUES (u."siteCode", p_user, p_kind, p_amount, u.balance - p_amount, u.balance, p_frozen, u."frozenBalance" - p_frozen,
                u."frozenBalance", p_key, p_ref_type, p_ref_id, p_bet_order, left(p_remark, 255))
        RETURNING * INTO g;
        RETURN QUERY SELECT NULL::TEXT, FALSE, g.id, g."userId", g.amount, g."frozenAmount", g."balanceBefore", g."balanceAfter", g."frozenBefore", g."frozenAfter";
        RETURN;
      END IF;
      -- No row: the user is missing, or a balance would leave 0..MAX_MONEY (or did a moment ago: the
      -- balance that refused the update changed since, and the refusal stands).
      SELECT x.balance, x."frozenBalance" INTO u FROM users x WHERE x.id = p_user;
      RETURN QUERY SELECT CASE
          WHEN u IS NULL THEN 'USER_NOT_FOUND'
          WHEN u.balance + p_amount < 0 THEN 'INSUFFICIENT_FUNDS'
          WHEN u."frozenBalance" + p_frozen < 0 THEN 'INSUFFICIENT_FROZEN'
          WHEN u.balance + p_amount > ${MAX_MONEY} OR u."frozenBalance" + p_frozen > ${MAX_MONEY} THEN 'BALANCE_OVERFLOW'
          WHEN p_amount < 0 THEN 'INSUFFICIENT_FUNDS'
          WHEN p_frozen < 0 THEN 'INSUFFICIENT_FROZEN'
          ELSE 'BALANCE_OVERFLOW' END,
        FALSE, NULL::BIGINT, NULL::INTEGER, NULL::NUMERIC, NULL::NUMERIC, NULL::NUMERIC, NULL::NUMERIC, NULL::NUMERIC, NULL::NUMERIC;
    END $$;

    CREATE FUNCTION outbox_add(p_queue TEXT, p_name TEXT, p_payload JSONB) RETURNS BIGINT LANGUAGE plpgsql AS $$
    DECLARE
      new_id BIGINT;
    BEGIN
      INSERT INTO outbox (queue, name, payload, "createdAt", attempts) VALUES (p_queue, p_name, p_payload, now(), 0) RETURNING id INTO new_id;
      RETURN new_id;
    END $$;

    CREATE FUNCTION bet_order_write(p_site TEXT, p_user INTEGER, p_provider TEXT, p_game_code TEXT, p_game_name TEXT, p_game_type TEXT,
                                    p_platform TEXT, p_game_number TEXT, p_product TEXT, p_count INTEGER, p_bet NUMERIC, p_effective NUMERIC,
                                    p_win NUMERIC, p_win_lose NUMERIC, p_multiplier NUMERIC, p_settled BOOLEAN, p_at TIMESTAMPTZ,
                                    p_detail_bet NUMERIC DEFAULT NULL, p_detail_win_lose NUMERIC DEFAULT NULL, p_detail_tx TEXT DEFAULT NULL)
    RETURNS bet_orders LANGUAGE plpgsql AS $$
    DECLARE
      o bet_orders;
    BEGIN
      INSERT INTO bet_orders ("siteCode", "userId", "providerCode", "gameCode", "gameName", "gameType", "gamePlatform", "gameNumber", "productId",
                              "totalBetCount", "betAmount", "betEffective", "winAmount", "winLose", multiplier, status, settled,
                              "betDatetime", "settledAt", "createdAt", "updatedAt")
      VALUES (p_site, p_user, p_provider, p_game_code, p_game_name, p_game_type, p_platform, p_game_number, p_product,
              p_count, p_bet, p_effective, p_win, p_win_lose, p_multiplier, 'valid', p_settled,
              p_at, CASE WHEN p_settled THEN p_at END, p_at, p_at)
      RETURNING * INTO o;
      IF p_detail_bet IS NOT NULL THEN
        INSERT INTO bet_details ("betOrderId", "roundNo", "betAmount", "winLose", "providerTxId", "createdAt")
        VALUES (o.id, 1, p_detail_bet, p_detail_win_lose, p_detail_tx, p_at);
      END IF;
      RETURN o;
    END $$;
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP FUNCTION IF EXISTS bet_order_write(TEXT, INTEGER, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, INTEGER, NUMERIC, NUMERIC, NUMERIC, NUMERIC, NUMERIC, BOOLEAN, TIMESTAMPTZ, NUMERIC, NUMERIC, TEXT);
    DROP FUNCTION IF EXISTS outbox_add(TEXT, TEXT, JSONB);
    DROP FUNCTION IF EXISTS wallet_move(INTEGER, NUMERIC, NUMERIC, TEXT, TEXT, TEXT, TEXT, BIGINT, TEXT, BOOLEAN);
  `);
}
