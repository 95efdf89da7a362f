-- A simulate round (POST /game/simulate, shared/domain/game/simulate.ts) in one statement: the API
-- draws the round and sends it to simulate_round, which writes the settled bet order with its detail
-- (bet_order_write), the post-bet outbox row (post_bet_enqueue), debits the bet and credits the win
-- (wallet_move; the round id was drawn just now, so its keys are new) and touches the play log
-- (play_log_touch). The order's effective bet is provider_effective's, from the weights the provider
-- calls take too (p_weights). The statement is its own transaction; a wallet refusal raises WL000
-- (MESSAGE: the wallet's reason) and nothing is written. A player blocked from the game (game_block_of,
-- the launch's risk check, asked under the player's row lock the debit took) raises GB000 first, and
-- nothing is written either. Player protection (rg_play, counting the bet and its win, and deciding
-- on the stake alone: the drawn win never lifts a refusal) raises RG000 (MESSAGE: its refusal) and nothing is written.
CREATE OR REPLACE FUNCTION simulate_round(p_site TEXT, p_user INTEGER, p_provider TEXT, p_game_code TEXT, p_game_name TEXT, p_game_type TEXT,
                                          p_round TEXT, p_product TEXT, p_bet NUMERIC, p_win NUMERIC, p_multiplier NUMERIC,
                                          p_at TIMESTAMPTZ, p_bet_remark TEXT, p_win_remark TEXT, p_weights JSONB,
                                          OUT order_id BIGINT, OUT balance_before NUMERIC, OUT balance_after NUMERIC) LANGUAGE plpgsql AS $$
DECLARE
  o bet_orders;
  w RECORD;
  refusal TEXT;
BEGIN
  o := bet_order_write(p_site, p_user, p_provider, p_game_code, p_game_name, p_game_type, 'simulate', p_round, p_product, 1, p_bet,
                       provider_effective(p_bet, p_game_type, p_weights),
                       p_win, p_win - p_bet, p_multiplier, TRUE, p_at, p_bet, p_win - p_bet, p_round);
  order_id := o.id;
  PERFORM post_bet_enqueue(o.id);
  SELECT * INTO w FROM wallet_move(p_user, -p_bet, 0, 'bet', 'simulate:bet:' || p_round, 'bet-order', o.id::TEXT, o.id, p_bet_remark, TRUE);
  IF game_block_of(p_site, p_user, p_game_type::INTEGER, p_game_code, p_product) IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'playerBlocked';
  END IF;
  IF w.refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = w.refusal; END IF;
  refusal := rg_play(p_user, p_bet, p_win, TRUE);
  IF refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'RG000', MESSAGE = refusal; END IF;
  balance_before := w."balanceBefore";
  balance_after := w."balanceAfter";
  IF p_win > 0 THEN
    SELECT * INTO w FROM wallet_move(p_user, p_win, 0, 'win', 'simulate:win:' || p_round, 'bet-order', o.id::TEXT, o.id, p_win_remark, TRUE);
    IF w.refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = w.refusal; END IF;
    balance_after := w."balanceAfter";
  END IF;
  PERFORM play_log_touch(p_site, p_user, p_game_code, p_product);
END $$;
