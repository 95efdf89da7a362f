-- Whether a cancel of that bet id was recorded (a tombstone included): in the key table of the
-- reconciliation window, else in the months older than it (history_keys_from).
CREATE OR REPLACE FUNCTION provider_was_cancelled(p_provider TEXT, p_bet_tx TEXT) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
  since TIMESTAMPTZ;
BEGIN
  IF EXISTS (SELECT 1 FROM provider_transaction_keys k WHERE k.provider = p_provider AND k.kind = 'cancel' AND k."betTransactionId" = p_bet_tx) THEN
    RETURN TRUE;
  END IF;
  since := history_keys_from();
  RETURN EXISTS (SELECT 1 FROM provider_transactions t
                  WHERE t.provider = p_provider AND t.kind = 'cancel' AND t."betTransactionId" = p_bet_tx AND t."createdAt" < since);
END $$;
