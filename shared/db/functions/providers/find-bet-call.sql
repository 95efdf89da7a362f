-- The stored call of an id, through the key table of the reconciliation window: its key gives the month,
-- so one partition is read; an id without a key is looked up only in the months older than the window
-- (history_keys_from; docs/decisions/bet-record.md, "Exactly once goes through the key tables of the
-- reconciliation window"). All NULL when there is none.
CREATE OR REPLACE FUNCTION provider_stored_call(p_provider TEXT, p_kind TEXT, p_tx TEXT) RETURNS provider_transactions LANGUAGE plpgsql AS $$
DECLARE
  b provider_transactions;
  at TIMESTAMPTZ;
  since TIMESTAMPTZ;
BEGIN
  SELECT k."createdAt" INTO at FROM provider_transaction_keys k WHERE k.provider = p_provider AND k.kind = p_kind AND k."transactionId" = p_tx;
  IF at IS NOT NULL THEN
    SELECT * INTO b FROM provider_transactions t
     WHERE t.provider = p_provider AND t.kind = p_kind AND t."transactionId" = p_tx AND t."createdAt" = at;
  ELSE
    since := history_keys_from();
    SELECT * INTO b FROM provider_transactions t
     WHERE t.provider = p_provider AND t.kind = p_kind AND t."transactionId" = p_tx AND t."createdAt" < since;
  END IF;
  RETURN b;
END $$;

-- The stored bet call of that id; all NULL when there is none.
CREATE OR REPLACE FUNCTION provider_bet_call(p_provider TEXT, p_bet_tx TEXT) RETURNS provider_transactions LANGUAGE plpgsql AS $$
BEGIN
  RETURN provider_stored_call(p_provider, 'bet', p_bet_tx);
END $$;
