-- The order of a stored bet, locked; BET_NOT_FOUND when it is gone.
CREATE OR REPLACE FUNCTION provider_order_by_id(p_order BIGINT) RETURNS bet_orders LANGUAGE plpgsql AS $$
DECLARE
  o bet_orders;
BEGIN
  SELECT * INTO o FROM bet_orders x WHERE x.id = p_order FOR NO KEY UPDATE;
  IF o.id IS NULL THEN PERFORM provider_refuse('BET_NOT_FOUND'); END IF;
  RETURN o;
END $$;
