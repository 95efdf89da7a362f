-- wallet_move: one movement of a player's balance and frozen balance in the caller's transaction, the
-- one the TypeScript wallet (shared/domain/wallet/wallet.ts moveBalance) and the database functions
-- that move money (the provider callbacks, a simulate round) share: one rule each.
-- The amounts must be amounts of money (wallet_amount_refusal: INVALID_AMOUNT). Unless the key is new
-- (p_new_key: simulate's freshly drawn round ids, a provider call's own ids), it takes the key's advisory
-- lock and answers an applied key from the ledger (replayed; another user or amount: refusal
-- wallet_replay_refusal). Then one conditional UPDATE of the user (balance and frozen balance within
-- their bounds: wallet_balance_refusal) and the ledger row with balances before and after. The rules are
-- the functions of movement-rules.sql, which creditFromQuery calls as well. A refusal (INVALID_AMOUNT,
-- USER_NOT_FOUND, INSUFFICIENT_FUNDS, INSUFFICIENT_FROZEN, BALANCE_OVERFLOW, IDEMPOTENCY_CONFLICT) is
-- returned in `refusal`, never raised: nothing moved and the caller's transaction stays usable.
CREATE OR REPLACE FUNCTION wallet_move(p_user INTEGER, p_amount NUMERIC, p_frozen NUMERIC, p_kind TEXT, p_key TEXT, p_ref_type TEXT,
                                       p_ref_id TEXT, p_bet_order BIGINT, p_remark TEXT, p_new_key BOOLEAN DEFAULT FALSE)
RETURNS TABLE (refusal TEXT, replayed BOOLEAN, id BIGINT, "userId" INTEGER, amount NUMERIC, "frozenAmount" NUMERIC,
               "balanceBefore" NUMERIC, "balanceAfter" NUMERIC, "frozenBefore" NUMERIC, "frozenAfter" NUMERIC)
LANGUAGE plpgsql AS $$
DECLARE
  g game_transactions;
  u RECORD;
  why TEXT := coalesce(wallet_amount_refusal(p_amount), wallet_amount_refusal(p_frozen));
BEGIN
  IF why IS NULL THEN
    IF NOT p_new_key THEN
      PERFORM pg_advisory_xact_lock(hashtextextended(p_key, 0));
      SELECT * INTO g FROM game_transactions t WHERE t."idempotencyKey" = p_key;
      IF g.id IS NOT NULL THEN
        RETURN QUERY SELECT wallet_replay_refusal(p_user, p_amount, g."userId", g.amount), TRUE, g.id, g."userId",
                            g.amount, g."frozenAmount", g."balanceBefore", g."balanceAfter", g."frozenBefore", g."frozenAfter";
        RETURN;
      END IF;
    END IF;
    UPDATE users x SET balance = x.balance + p_amount, "frozenBalance" = x."frozenBalance" + p_frozen
     WHERE x.id = p_user AND wallet_balance_refusal(x.balance + p_amount, x."frozenBalance" + p_frozen) IS NULL
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
    -- No row: the user is missing, or a balance would leave its bounds (or did a moment ago: the balance
    -- that refused the update changed since, and the refusal stands, named by the amounts' signs).
    SELECT x.balance, x."frozenBalance" INTO u FROM users x WHERE x.id = p_user;
    why := CASE WHEN u IS NULL THEN 'USER_NOT_FOUND'
                ELSE coalesce(wallet_balance_refusal(u.balance + p_amount, u."frozenBalance" + p_frozen),
                              CASE WHEN p_amount < 0 THEN 'INSUFFICIENT_FUNDS' WHEN p_frozen < 0 THEN 'INSUFFICIENT_FROZEN' ELSE 'BALANCE_OVERFLOW' END) END;
  END IF;
  RETURN QUERY SELECT why, FALSE, NULL::BIGINT, NULL::INTEGER, NULL::NUMERIC, NULL::NUMERIC, NULL::NUMERIC, NULL::NUMERIC, NULL::NUMERIC, NULL::NUMERIC;
END $$;
