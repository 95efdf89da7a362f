-- One movement through the wallet; a refusal is raised (WL000) and rolls the call back.
-- The key is new by the time it is written, so wallet_move runs with p_new_key: no advisory lock on the
-- key and no lookup of it (docs/decisions/providers.md, "Provider movements skip the wallet's key lookup"). Every
-- key names the call's own transaction id (or, for a refund, the bet's), and the call has already
-- checked its stored record under its advisory locks, so a repeat was answered before any money moved.
-- What is left is two players' calls with the same id at the same moment: the unique key on the ledger,
-- or on the stored call, refuses the second, and the whole call rolls back (DUPLICATE_TRANSACTION).
-- Every movement is counted by player protection (rg_play: a bet or a cancel's refund as a stake, a win
-- or jackpot as a win, at p_counted when given: the whole amount of a movement whose bonus share moved
-- apart, shared/db/functions/providers/bonus-money.sql); a bet it refuses raises PLAYER_PROTECTION (docs/providers.md).
CREATE OR REPLACE FUNCTION provider_move(p_user INTEGER, p_amount NUMERIC, p_kind TEXT, p_key TEXT, p_provider TEXT, p_tx TEXT, p_order BIGINT,
                                         p_counted NUMERIC DEFAULT NULL, OUT ledger_id BIGINT, OUT balance_after NUMERIC) LANGUAGE plpgsql AS $$
DECLARE
  w RECORD; refusal TEXT;
BEGIN
  SELECT * INTO w FROM wallet_move(p_user, p_amount, 0, p_kind, p_key, p_provider, p_tx, p_order, NULL, TRUE);
  IF w.refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = w.refusal; END IF;
  refusal := CASE WHEN p_kind IN ('bet', 'cancel') THEN rg_play(p_user, -coalesce(p_counted, p_amount), 0, p_kind = 'bet')
                 ELSE rg_play(p_user, 0, coalesce(p_counted, p_amount), FALSE) END;
  IF refusal IS NOT NULL THEN PERFORM provider_refuse('PLAYER_PROTECTION', refusal); END IF;
  ledger_id := w.id;
  balance_after := w."balanceAfter";
END $$;
