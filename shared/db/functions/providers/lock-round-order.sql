-- The round's order, locked; all NULL when there is none.
CREATE OR REPLACE FUNCTION provider_round_order(p_provider TEXT, p_user INTEGER, p_site TEXT, p_round TEXT) RETURNS bet_orders LANGUAGE plpgsql AS $$
DECLARE
  o bet_orders;
BEGIN
  SELECT * INTO o FROM bet_orders x
   WHERE x."siteCode" = p_site AND x."providerCode" = p_provider AND x."gameNumber" = p_round AND x."userId" = p_user
     FOR NO KEY UPDATE;
  RETURN o;
END $$;
