-- The round's order, locked; all NULL when there is none. Found through the round's key (its month),
-- else in the months older than the reconciliation window (history_keys_from).
CREATE OR REPLACE FUNCTION provider_round_order(p_provider TEXT, p_user INTEGER, p_site TEXT, p_round TEXT) RETURNS bet_orders LANGUAGE plpgsql AS $$
DECLARE
  o bet_orders;
  at TIMESTAMPTZ;
  since TIMESTAMPTZ;
BEGIN
  SELECT k."createdAt" INTO at FROM bet_order_keys k
   WHERE k."siteCode" = p_site AND k."providerCode" = p_provider AND k."gameNumber" = p_round AND k."userId" = p_user;
  IF at IS NOT NULL THEN
    SELECT * INTO o FROM bet_orders x
     WHERE x."siteCode" = p_site AND x."providerCode" = p_provider AND x."gameNumber" = p_round AND x."userId" = p_user AND x."createdAt" = at
       FOR NO KEY UPDATE;
  ELSE
    since := history_keys_from();
    SELECT * INTO o FROM bet_orders x
     WHERE x."siteCode" = p_site AND x."providerCode" = p_provider AND x."gameNumber" = p_round AND x."userId" = p_user AND x."createdAt" < since
       FOR NO KEY UPDATE;
  END IF;
  RETURN o;
END $$;
