-- Answers: the API passes the success answer it would send as JSON text, built by the provider's own
-- answer function, with the string " balance " where the balance goes and " refId " where the ledger id
-- goes (ids and codes never contain spaces). provider_record records the call with its answer (the
-- template with the balance and ledger id filled in) and returns the answer.
CREATE OR REPLACE FUNCTION provider_record(p_provider TEXT, p_kind TEXT, p_tx TEXT, p_bet_tx TEXT, p_site TEXT, p_user INTEGER, p_round TEXT, p_game TEXT,
                                           p_debit NUMERIC, p_credit NUMERIC, p_status TEXT, p_order BIGINT, p_answer TEXT, p_balance NUMERIC, p_ledger BIGINT)
RETURNS JSON LANGUAGE plpgsql AS $$
DECLARE
  answer JSON := replace(replace(p_answer, '" balance "', to_json(p_balance::TEXT)::TEXT), '" refId "', coalesce(to_json(p_ledger::TEXT)::TEXT, 'null'))::JSON;
BEGIN
  INSERT INTO provider_transactions (provider, kind, "transactionId", "betTransactionId", "siteCode", "userId", "roundId", "gameCode",
                                     "debitAmount", "creditAmount", status, "betOrderId", response)
  VALUES (p_provider, p_kind, p_tx, p_bet_tx, p_site, p_user, p_round, p_game, p_debit, p_credit, p_status, p_order, answer);
  RETURN answer;
END $$;
