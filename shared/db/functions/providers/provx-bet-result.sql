-- provx BetResult: credits the win (a round without bets debits betAmount first), settles the round's
-- bets and the order, post-bet chain (every call's steps: begin-call.sql).
CREATE OR REPLACE FUNCTION provx_bet_result(p_tx TEXT, p_round TEXT, p_user INTEGER, p_game TEXT, p_bet NUMERIC, p_win NUMERIC, p_answer TEXT, p_weights JSONB,
                                            OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
DECLARE
  c RECORD; g game_providers; o bet_orders; m RECORD; debited NUMERIC := 0;
BEGIN
  moved := '{}';
  SELECT * INTO c FROM provider_call_begin('provx', 'result', p_tx, NULL, p_user, p_round, p_game, p_bet, p_win);
  IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
  g := provider_game('provx', c.site, p_game);
  SELECT * INTO o FROM provider_round_order('provx', p_user, c.site, p_round);
  IF o.id IS NULL OR o."totalBetCount" = 0 THEN
    IF o.status = 'cancelled' THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
    IF p_bet IS NULL THEN PERFORM provider_refuse('BET_NOT_FOUND'); END IF;
    IF o.id IS NULL THEN SELECT * INTO o FROM provider_new_order('provx', p_user, c.site, g, p_round, NULL); END IF;
    PERFORM provider_stake(c.site, p_user, g."gameType"::TEXT, p_bet, 'provx:result-bet:' || p_tx, 'provx', p_tx, o.id);
    PERFORM provider_refuse_blocked(c.site, p_user, g);
    SELECT * INTO o FROM provider_totals(o, o."betAmount" + p_bet, o."totalBetCount" + 1, o."winAmount", TRUE, 'valid', NULL, p_weights);
    moved := moved || 'bet'::TEXT;
    debited := p_bet;
  END IF;
  SELECT * INTO m FROM provider_credit(p_user, o.id, o."betAmount", p_win, 'win', 'provx:result:' || p_tx, 'provx', p_tx);
  SELECT * INTO o FROM provider_totals(o, o."betAmount", o."totalBetCount", o."winAmount" + p_win, FALSE, NULL, NULL, p_weights);
  moved := moved || 'win'::TEXT;
  PERFORM provider_detail(o.id, debited, p_win - debited, p_tx);
  UPDATE provider_transactions t SET status = 'settled', "updatedAt" = now()
   WHERE t.provider = 'provx' AND t.kind = 'bet' AND t."userId" = p_user AND t."roundId" = p_round AND t.status = 'open';
  PERFORM provider_settle(o.id);
  response := provider_record('provx', 'result', p_tx, NULL, c.site, p_user, p_round, p_game, p_bet, p_win, 'done', o.id, p_answer, m.balance_after, m.ledger_id);
END $$;
