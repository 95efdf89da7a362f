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
-- A player with bonus money (users."bonusBalance" above zero, read without a lock: a grant committed after
-- this read starts with the next round) plays the round's money through bonus_round
-- (shared/db/functions/bonus/round.sql, docs/decisions/bonus.md): cash first, then bonus; wagering,
-- conversion and expiry under the player's row lock; a stake above the grant's max bet raises BN000
-- (MESSAGE maxBet) after the game block and nothing is written. Without bonus money the round is as before.
CREATE OR REPLACE FUNCTION simulate_round(p_site TEXT, p_user INTEGER, p_provider TEXT, p_game_code TEXT, p_game_name TEXT, p_game_type TEXT,
                                          p_round TEXT, p_product TEXT, p_bet NUMERIC, p_win NUMERIC, p_multiplier NUMERIC,
                                          p_at TIMESTAMPTZ, p_bet_remark TEXT, p_win_remark TEXT, p_weights JSONB,
                                          OUT order_id BIGINT, OUT balance_before NUMERIC, OUT balance_after NUMERIC) LANGUAGE plpgsql AS $$
DECLARE
  o bet_orders;
  w RECORD;
  refusal TEXT;
  b RECORD;
  with_bonus BOOLEAN;
BEGIN
  o := bet_order_write(p_site, p_user, p_provider, p_game_code, p_game_name, p_game_type, 'simulate', p_round, p_product, 1, p_bet,
                       provider_effective(p_bet, p_game_type, p_weights),
                       p_win, p_win - p_bet, p_multiplier, TRUE, p_at, p_bet, p_win - p_bet, p_round);
  order_id := o.id;
  PERFORM post_bet_enqueue(o.id);
  with_bonus := coalesce((SELECT x."bonusBalance" > 0 FROM users x WHERE x.id = p_user), FALSE);
  IF with_bonus THEN
    SELECT * INTO b FROM bonus_round(p_site, p_user, p_game_type, p_round, o.id, p_bet, p_win, p_bet_remark, p_win_remark);
    IF game_block_of(p_site, p_user, p_game_type::INTEGER, p_game_code, p_product) IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'GB000', MESSAGE = 'playerBlocked';
    END IF;
    IF b.refusal = 'maxBet' THEN RAISE EXCEPTION USING ERRCODE = 'BN000', MESSAGE = 'maxBet'; END IF;
    IF b.refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = b.refusal; END IF;
    refusal := rg_play(p_user, p_bet, p_win, TRUE);
    IF refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'RG000', MESSAGE = refusal; END IF;
    balance_before := b.balance_before;
    balance_after := b.balance_after;
    PERFORM play_log_touch(p_site, p_user, p_game_code, p_product);
    RETURN;
  END IF;
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
