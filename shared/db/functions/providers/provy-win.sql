-- provy win: credits a recorded bet's order; the bet can no longer be cancelled; post-bet chain (every
-- call's steps: begin-call.sql).
CREATE OR REPLACE FUNCTION provy_win(p_tx TEXT, p_bet_tx TEXT, p_round TEXT, p_user INTEGER, p_amount NUMERIC, p_answer TEXT, p_weights JSONB,
                                     OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
DECLARE
  c RECORD; b provider_transactions; o bet_orders; m RECORD;
BEGIN
  moved := '{}';
  SELECT * INTO c FROM provider_call_begin('provy', 'win', p_tx, p_bet_tx, p_user, p_round, NULL, NULL, p_amount);
  IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
  b := provider_bet_call('provy', p_bet_tx);
  IF b.id IS NULL OR b."userId" <> p_user OR b."roundId" IS DISTINCT FROM p_round THEN
    IF b.id IS NULL AND provider_was_cancelled('provy', p_bet_tx) THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
    PERFORM provider_refuse('BET_NOT_FOUND');
  END IF;
  IF b.status = 'cancelled' THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
  o := provider_order_by_id(b."betOrderId");
  SELECT * INTO m FROM provider_credit(p_user, o.id, o."betAmount", p_amount, 'win', 'provy:win:' || p_tx, 'provy', p_tx);
  PERFORM provider_totals(o, o."betAmount", o."totalBetCount", o."winAmount" + p_amount, FALSE, NULL, NULL, p_weights);
  moved := ARRAY['win'];
  PERFORM provider_detail(o.id, 0, p_amount, p_tx);
  IF b.status = 'open' THEN UPDATE provider_transactions SET status = 'settled', "updatedAt" = now() WHERE id = b.id; END IF;
  PERFORM provider_settle(o.id);
  response := provider_record('provy', 'win', p_tx, p_bet_tx, c.site, p_user, p_round, NULL, NULL, p_amount, 'done', o.id, p_answer, m.balance_after, m.ledger_id);
END $$;
