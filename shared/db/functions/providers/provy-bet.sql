-- provy bet: debits the bet (and credits its win when given), settles the order, post-bet chain (every
-- call's steps: begin-call.sql). A round without an order gets it written once, settled, with its
-- detail line, when the amounts fit the money columns (docs/decisions/providers.md, "A provy bet that opens its
-- round writes its order once"); otherwise (a second bet in the round, or an amount the wallet will
-- refuse) it goes the general way: the totals as one update (the bet and its win together), the detail
-- line, the settlement. Then the money, and the stored call. The rows, the answers and the refusals are
-- the same either way (a refusal rolls everything back).
CREATE OR REPLACE FUNCTION provy_bet(p_tx TEXT, p_round TEXT, p_user INTEGER, p_game TEXT, p_product TEXT, p_bet NUMERIC, p_win NUMERIC, p_answer TEXT,
                                     p_weights JSONB, OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
DECLARE
  c RECORD; g game_providers; o bet_orders; m RECORD; born BOOLEAN := FALSE;
BEGIN
  moved := '{}';
  SELECT * INTO c FROM provider_call_begin('provy', 'bet', p_tx, NULL, p_user, p_round, p_game, p_bet, p_win);
  IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
  IF provider_was_cancelled('provy', p_tx) THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
  g := provider_game('provy', c.site, p_game);
  SELECT * INTO o FROM provider_round_order('provy', p_user, c.site, p_round);
  IF o.id IS NULL AND p_bet <= money_max() AND coalesce(p_win, 0) <= money_max() THEN
    SELECT * INTO o FROM provider_new_order('provy', p_user, c.site, g, p_round, p_product, 1, p_bet,
                                            provider_effective(p_bet, g."gameType"::TEXT, p_weights), coalesce(p_win, 0), TRUE, p_tx);
    PERFORM post_bet_enqueue(o.id);
    born := TRUE;
  ELSIF o.id IS NULL THEN
    SELECT * INTO o FROM provider_new_order('provy', p_user, c.site, g, p_round, p_product);
  END IF;
  SELECT * INTO m FROM provider_stake(c.site, p_user, g."gameType"::TEXT, p_bet, 'provy:bet:' || p_tx, 'provy', p_tx, o.id);
  PERFORM provider_refuse_blocked(c.site, p_user, g);
  moved := ARRAY['bet'];
  IF p_win IS NOT NULL THEN
    SELECT * INTO m FROM provider_credit(p_user, o.id, o."betAmount" + CASE WHEN born THEN 0 ELSE p_bet END, p_win, 'win', 'provy:bet-win:' || p_tx, 'provy', p_tx);
    moved := moved || 'win'::TEXT;
  END IF;
  IF NOT born THEN
    SELECT * INTO o FROM provider_totals(o, o."betAmount" + p_bet, o."totalBetCount" + 1, o."winAmount" + coalesce(p_win, 0), TRUE, 'valid', NULL, p_weights);
    PERFORM provider_detail(o.id, p_bet, coalesce(p_win, 0) - p_bet, p_tx);
    PERFORM provider_settle(o.id);
  END IF;
  response := provider_record('provy', 'bet', p_tx, NULL, c.site, p_user, p_round, p_game, p_bet, p_win,
                              CASE WHEN p_win IS NULL THEN 'open' ELSE 'settled' END, o.id, p_answer, m.balance_after, m.ledger_id);
END $$;
