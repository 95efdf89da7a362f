-- Settled (first time) and the post-bet chain triggered, in this transaction. The post-bet row is
-- written when the order becomes settled, not on every call that touches a settled order
-- (docs/decisions/post-bet.md, "The post-bet chain once per settlement"): the chain counts the order's
-- betEffective and status, a win changes neither, and a call that does change them on a processed order
-- writes the row itself (provider_totals).
CREATE OR REPLACE FUNCTION provider_settle(p_order BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bet_orders x SET settled = TRUE, "settledAt" = now(), "updatedAt" = now() WHERE x.id = p_order AND NOT x.settled;
  IF FOUND THEN PERFORM post_bet_enqueue(p_order); END IF;
END $$;
