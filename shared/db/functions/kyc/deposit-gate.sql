-- The deposit gate (docs/kyc.md, "Gates"): the level a new deposit order needs that the player lacks,
-- or NULL when it may be opened. Called by deposit creation in the transaction that inserts the order
-- (shared/domain/kyc/gates.ts), on every path.
--
-- It first locks the player's users row (FOR NO KEY UPDATE), so two orders of one player opened at once
-- are counted one after the other: the second sees the first and cannot slip past a threshold with it.
-- Lifetime deposits, in USD: paid orders at their "usdAmount", and orders still open (pending, created)
-- at "orderAmount" / "exchangeRate", truncated at 6 decimals as deposit_mark_paid does, so several
-- small open orders cannot together pass a threshold unverified. Failed orders do not count.
-- With the new order's USD amount, a total above p_t3 needs level 3, above p_t2 level 2 (at the
-- threshold exactly, nothing is needed). An order already stored under the new order's subOrder is left
-- out: a client repeating its request gets its first answer (shared/domain/deposit/orders.ts), and is
-- never refused for counting its own order twice.
CREATE OR REPLACE FUNCTION kyc_deposit_level_needed(p_user INTEGER, p_sub_order TEXT, p_new_usd NUMERIC, p_t2 NUMERIC, p_t3 NUMERIC) RETURNS SMALLINT
LANGUAGE plpgsql AS $$
DECLARE
  v_total NUMERIC;
  v_needed SMALLINT;
BEGIN
  PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE;
  SELECT COALESCE(SUM(CASE WHEN o.status = 'paid' THEN COALESCE(o."usdAmount", 0)
                           ELSE div(o."orderAmount" * 1000000, o."exchangeRate") / 1000000 END), 0)
    INTO v_total
    FROM deposit_orders o
   WHERE o."userId" = p_user AND o.status IN ('pending', 'created', 'paid') AND o."subOrder" IS DISTINCT FROM p_sub_order;
  v_total := v_total + p_new_usd;
  v_needed := CASE WHEN v_total > p_t3 THEN 3 WHEN v_total > p_t2 THEN 2 ELSE 0 END;
  IF v_needed > 0 AND COALESCE(kyc_level(p_user), 0) < v_needed THEN
    RETURN v_needed;
  END IF;
  RETURN NULL;
END $$;
