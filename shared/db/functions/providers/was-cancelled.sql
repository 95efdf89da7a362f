-- Whether a cancel of that bet id was recorded (a tombstone included).
CREATE OR REPLACE FUNCTION provider_was_cancelled(p_provider TEXT, p_bet_tx TEXT) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM provider_transactions t WHERE t.provider = p_provider AND t.kind = 'cancel' AND t."betTransactionId" = p_bet_tx);
END $$;
