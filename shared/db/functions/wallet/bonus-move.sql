-- bonus_move: one movement of a player's bonus money (docs/decisions/bonus.md) in the caller's
-- transaction, the bonus balance's wallet_move: one conditional UPDATE of users."bonusBalance", one of the
-- grant's balance (each stays within 0..money_max()), and the bonus_ledger row with the bonus balance
-- before and after (chained per player by shared/db/functions/audit/ledger-chain.sql). The callers (the
-- functions of shared/db/functions/bonus/) hold the player's row lock and have read the grant under it,
-- so a refusal here (INVALID_AMOUNT, INSUFFICIENT_FUNDS, BALANCE_OVERFLOW, USER_NOT_FOUND) means their
-- arithmetic is wrong: it is returned in `refusal`, never raised, and nothing moved. The key is unique in
-- the ledger: a second movement with it fails the statement.
CREATE OR REPLACE FUNCTION bonus_move(p_user INTEGER, p_grant BIGINT, p_amount NUMERIC, p_kind TEXT, p_key TEXT, p_bet_order BIGINT, p_remark TEXT,
                                      OUT refusal TEXT, OUT bonus_before NUMERIC, OUT bonus_after NUMERIC) LANGUAGE plpgsql AS $$
DECLARE
  u RECORD;
BEGIN
  refusal := wallet_amount_refusal(p_amount);
  IF refusal IS NOT NULL THEN RETURN; END IF;
  UPDATE users x SET "bonusBalance" = x."bonusBalance" + p_amount
   WHERE x.id = p_user AND wallet_balance_refusal(x."bonusBalance" + p_amount, 0) IS NULL
  RETURNING x."siteCode", x."bonusBalance" INTO u;
  IF NOT FOUND THEN
    refusal := CASE WHEN NOT EXISTS (SELECT 1 FROM users x WHERE x.id = p_user) THEN 'USER_NOT_FOUND'
                    WHEN p_amount < 0 THEN 'INSUFFICIENT_FUNDS' ELSE 'BALANCE_OVERFLOW' END;
    RETURN;
  END IF;
  UPDATE bonus_grants g SET balance = g.balance + p_amount, "updatedAt" = now()
   WHERE g.id = p_grant AND g."userId" = p_user AND wallet_balance_refusal(g.balance + p_amount, 0) IS NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'bonus_move: grant % of user % cannot move %', p_grant, p_user, p_amount;
  END IF;
  INSERT INTO bonus_ledger ("siteCode", "userId", "grantId", kind, amount, "bonusBefore", "bonusAfter", "idempotencyKey", "betOrderId", remark)
  VALUES (u."siteCode", p_user, p_grant, p_kind, p_amount, u."bonusBalance" - p_amount, u."bonusBalance", p_key, p_bet_order, left(p_remark, 255));
  bonus_before := u."bonusBalance" - p_amount;
  bonus_after := u."bonusBalance";
END $$;
