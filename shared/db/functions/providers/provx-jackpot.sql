-- provx JackpotResult: credits the round's order (an unknown round with gameCode: a settled order
-- without bets, no chain) (every call's steps: begin-call.sql).
CREATE OR REPLACE FUNCTION provx_jackpot(p_tx TEXT, p_round TEXT, p_user INTEGER, p_game TEXT, p_amount NUMERIC, p_answer TEXT, p_weights JSONB,
                                         OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
DECLARE
  c RECORD; g game_providers; o bet_orders; m RECORD;
BEGIN
  moved := '{}';
  SELECT * INTO c FROM provider_call_begin('provx', 'jackpot', p_tx, NULL, p_user, p_round, p_game, NULL, p_amount);
  IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
  IF p_game IS NOT NULL THEN g := provider_game('provx', c.site, p_game); END IF;
  SELECT * INTO o FROM provider_round_order('provx', p_user, c.site, p_round);
  IF o.status = 'cancelled' THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
  IF o.id IS NULL THEN
    IF p_game IS NULL THEN PERFORM provider_refuse('BET_NOT_FOUND', 'unknown round: gameCode is required'); END IF;
    SELECT * INTO o FROM provider_new_order('provx', p_user, c.site, g, p_round, NULL);
    UPDATE bet_orders x SET settled = TRUE, "settledAt" = now(), "updatedAt" = now() WHERE x.id = o.id RETURNING * INTO o;
  END IF;
  SELECT * INTO m FROM provider_credit(p_user, o.id, o."betAmount", p_amount, 'jackpot', 'provx:jackpot:' || p_tx, 'provx', p_tx);
  PERFORM provider_totals(o, o."betAmount", o."totalBetCount", o."winAmount" + p_amount, FALSE, NULL, NULL, p_weights);
  moved := ARRAY['jackpot'];
  PERFORM provider_detail(o.id, 0, p_amount, p_tx);
  response := provider_record('provx', 'jackpot', p_tx, NULL, c.site, p_user, p_round, p_game, NULL, p_amount, 'done', o.id, p_answer, m.balance_after, m.ledger_id);
END $$;
