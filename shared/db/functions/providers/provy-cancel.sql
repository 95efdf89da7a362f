-- provy cancelBet: refunds a bet without a win once; an unknown bet leaves a tombstone; a cancelled
-- bet's further cancels succeed without moving money (the order is locked first all the same) (every
-- call's steps: begin-call.sql).
CREATE OR REPLACE FUNCTION provy_cancel(p_tx TEXT, p_bet_tx TEXT, p_user INTEGER, p_answer TEXT, p_plain TEXT, p_weights JSONB,
                                        OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
DECLARE
  c RECORD; b provider_transactions; o bet_orders; m RECORD;
BEGIN
  moved := '{}';
  SELECT * INTO c FROM provider_call_begin('provy', 'cancel', p_tx, p_bet_tx, p_user, NULL, NULL, NULL, NULL);
  IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
  b := provider_bet_call('provy', p_bet_tx);
  IF b.id IS NULL THEN
    response := provider_record('provy', 'cancel', p_tx, p_bet_tx, c.site, p_user, NULL, NULL, NULL, NULL, 'tombstone', NULL, p_plain,
                                provider_playable(p_user), NULL);
    RETURN;
  END IF;
  IF b."userId" <> p_user THEN PERFORM provider_refuse('DUPLICATE_TRANSACTION', 'the bet belongs to another player'); END IF;
  IF b.status = 'settled' THEN PERFORM provider_refuse('ROUND_SETTLED'); END IF;
  o := provider_order_by_id(b."betOrderId");
  IF b.status = 'cancelled' THEN
    response := provider_record('provy', 'cancel', p_tx, p_bet_tx, c.site, p_user, NULL, NULL, NULL, NULL, 'done', o.id, p_plain,
                                provider_playable(p_user), NULL);
    RETURN;
  END IF;
  SELECT * INTO m FROM provider_refund(b, o, p_tx, p_weights);
  moved := ARRAY['cancel'];
  response := provider_record('provy', 'cancel', p_tx, p_bet_tx, c.site, p_user, NULL, NULL, NULL, NULL, 'done', o.id, p_answer, m.balance_after, m.ledger_id);
END $$;
