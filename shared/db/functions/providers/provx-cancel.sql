-- provx CancelBet (p_tx is the bet's id): refunds a bet of an unsettled round once; an unknown bet
-- leaves a tombstone (p_plain: the answer without refId) (every call's steps: begin-call.sql).
CREATE OR REPLACE FUNCTION provx_cancel(p_tx TEXT, p_round TEXT, p_user INTEGER, p_answer TEXT, p_plain TEXT, p_weights JSONB,
                                        OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
DECLARE
  c RECORD; b provider_transactions; o bet_orders; m RECORD;
BEGIN
  moved := '{}';
  SELECT * INTO c FROM provider_call_begin('provx', 'cancel', p_tx, p_tx, p_user, p_round, NULL, NULL, NULL);
  IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
  b := provider_bet_call('provx', p_tx);
  IF b.id IS NULL THEN
    response := provider_record('provx', 'cancel', p_tx, p_tx, c.site, p_user, p_round, NULL, NULL, NULL, 'tombstone', NULL, p_plain,
                                provider_playable(p_user), NULL);
    RETURN;
  END IF;
  IF b."userId" <> p_user OR b."roundId" IS DISTINCT FROM p_round THEN
    PERFORM provider_refuse('DUPLICATE_TRANSACTION', 'the bet belongs to another player or round');
  END IF;
  IF b.status = 'settled' THEN PERFORM provider_refuse('ROUND_SETTLED'); END IF;
  o := provider_order_by_id(b."betOrderId");
  IF o.settled THEN PERFORM provider_refuse('ROUND_SETTLED'); END IF;
  SELECT * INTO m FROM provider_refund(b, o, p_tx, p_weights);
  moved := ARRAY['cancel'];
  response := provider_record('provx', 'cancel', p_tx, p_tx, c.site, p_user, p_round, NULL, NULL, NULL, 'done', o.id, p_answer, m.balance_after, m.ledger_id);
END $$;
