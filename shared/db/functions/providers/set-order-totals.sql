-- The order's totals (a total past money_max() is the wallet's BALANCE_OVERFLOW); status and
-- invalidReason when p_set_status. The effective bet is provider_effective's. An order the post-bet
-- chain processed whose effective bet or status changes gets the chain again (its VIP difference).
CREATE OR REPLACE FUNCTION provider_totals(o bet_orders, p_bet NUMERIC, p_count INTEGER, p_win NUMERIC, p_set_status BOOLEAN, p_status TEXT,
                                           p_reason TEXT, p_weights JSONB) RETURNS bet_orders LANGUAGE plpgsql AS $$
DECLARE
  n bet_orders;
BEGIN
  IF abs(p_bet) > money_max() OR abs(p_win) > money_max() THEN
    RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = 'BALANCE_OVERFLOW';
  END IF;
  UPDATE bet_orders x SET "betAmount" = p_bet, "totalBetCount" = p_count,
         "betEffective" = provider_effective(p_bet, x."gameType", p_weights),
         "winAmount" = p_win, "winLose" = p_win - p_bet,
         status = CASE WHEN p_set_status THEN p_status ELSE x.status END,
         "invalidReason" = CASE WHEN p_set_status THEN p_reason ELSE x."invalidReason" END,
         "updatedAt" = now()
   WHERE x.id = o.id RETURNING * INTO n;
  IF n."postProcessedAt" IS NOT NULL AND (n."betEffective" <> o."betEffective" OR n.status <> o.status) THEN
    PERFORM post_bet_enqueue(n.id);
  END IF;
  RETURN n;
END $$;
