-- provx Bet: debits the bet and adds it to the round's open order (every call's steps: begin-call.sql).
CREATE OR REPLACE FUNCTION provx_bet(p_tx TEXT, p_round TEXT, p_user INTEGER, p_game TEXT, p_amount NUMERIC, p_answer TEXT, p_weights JSONB,
                                     OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
DECLARE
  c RECORD; g game_providers; o bet_orders; m RECORD;
BEGIN
  SELECT * INTO c FROM provider_call_begin('provx', 'bet', p_tx, NULL, p_user, p_round, p_game, p_amount, NULL);
  IF c.replay IS NOT NULL THEN response := c.replay; moved := '{}'; RETURN; END IF;
  IF provider_was_cancelled('provx', p_tx) THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
  g := provider_game('provx', c.site, p_game);
  SELECT * INTO o FROM provider_round_order('provx', p_user, c.site, p_round);
  IF o.settled THEN PERFORM provider_refuse('ROUND_SETTLED'); END IF;
  IF o.id IS NULL THEN SELECT * INTO o FROM provider_new_order('provx', p_user, c.site, g, p_round, NULL); END IF;
  SELECT * INTO m FROM provider_stake(c.site, p_user, g."gameType"::TEXT, p_amount, 'provx:bet:' || p_tx, 'provx', p_tx, o.id);
  PERFORM provider_refuse_blocked(c.site, p_user, g);
  SELECT * INTO o FROM provider_totals(o, o."betAmount" + p_amount, o."totalBetCount" + 1, o."winAmount", TRUE, 'valid', NULL, p_weights);
  PERFORM provider_detail(o.id, p_amount, -p_amount, p_tx);
  response := provider_record('provx', 'bet', p_tx, NULL, c.site, p_user, p_round, p_game, p_amount, NULL, 'open', o.id, p_answer, m.balance_after, m.ledger_id);
  moved := ARRAY['bet'];
END $$;
