-- The stored bet call of that id; all NULL when there is none.
CREATE OR REPLACE FUNCTION provider_bet_call(p_provider TEXT, p_bet_tx TEXT) RETURNS provider_transactions LANGUAGE plpgsql AS $$
DECLARE
  b provider_transactions;
BEGIN
  SELECT * INTO b FROM provider_transactions t WHERE t.provider = p_provider AND t.kind = 'bet' AND t."transactionId" = p_bet_tx;
  RETURN b;
END $$;
