-- A simulate round's money when the player has bonus money (docs/decisions/bonus.md, "A bet with bonus
-- money"), called by simulate_round in its statement after the bet order is written (the lock order:
-- the order, then the player's row, then the grant). Under the player's row lock:
-- - an active grant past its expiry expires first (bonus_end), and the round plays with cash only;
-- - a stake above the active grant's max bet is refused (refusal `maxBet`) before anything moves;
-- - the stake is paid from cash first, then from bonus money (a bonus-bet row); more than both is
--   INSUFFICIENT_FUNDS;
-- - the grant's wagering grows by the stake times its game type's weight (bonus_weight, percent);
-- - the win returns to the balances in the stake's proportion: the bonus share is win x bonus stake /
--   stake truncated to 6 decimals (a bonus-win row), the cash share the rest;
-- - wagering complete: the grant converts (bonus_convert) in this statement, once (the grant row is
--   locked and no longer active for the next bet); else a grant left with no balance ends, forfeited
--   ("spent"), nothing left to move.
-- A refusal is answered (`maxBet` or the wallet's reason) and the caller raises it: nothing is written.
-- Without an active grant the round is the cash round simulate_round plays itself.
CREATE OR REPLACE FUNCTION bonus_round(p_site TEXT, p_user INTEGER, p_game_type TEXT, p_round TEXT, p_order BIGINT, p_bet NUMERIC, p_win NUMERIC,
                                       p_bet_remark TEXT, p_win_remark TEXT,
                                       OUT refusal TEXT, OUT balance_before NUMERIC, OUT balance_after NUMERIC, OUT bonus_after NUMERIC)
LANGUAGE plpgsql AS $$
DECLARE
  cash NUMERIC;
  g bonus_grants;
  active BOOLEAN;
  cash_bet NUMERIC;
  bonus_bet NUMERIC;
  bonus_win NUMERIC;
  w RECORD;
  m RECORD;
BEGIN
  SELECT x.balance INTO cash FROM users x WHERE x.id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN refusal := 'USER_NOT_FOUND'; RETURN; END IF;
  SELECT * INTO g FROM bonus_grants x WHERE x."userId" = p_user AND x.status = 'active' FOR NO KEY UPDATE;
  active := FOUND;
  IF active AND g."expiresAt" <= now() THEN
    PERFORM bonus_end(g, 'expired', 'bonus-expire', 'expired', NULL, NULL);
    active := FALSE;
  END IF;
  IF active AND bonus_stake_passes_max(g, p_bet) THEN refusal := 'maxBet'; RETURN; END IF;
  cash_bet := CASE WHEN active THEN least(p_bet, cash) ELSE p_bet END;
  bonus_bet := p_bet - cash_bet;
  IF active AND bonus_bet > g.balance THEN refusal := 'INSUFFICIENT_FUNDS'; RETURN; END IF;
  balance_before := cash;
  balance_after := cash;
  IF cash_bet > 0 THEN
    SELECT * INTO w FROM wallet_move(p_user, -cash_bet, 0, 'bet', 'simulate:bet:' || p_round, 'bet-order', p_order::TEXT, p_order, p_bet_remark, TRUE);
    IF w.refusal IS NOT NULL THEN refusal := w.refusal; RETURN; END IF;
    balance_before := w."balanceBefore";
    balance_after := w."balanceAfter";
  END IF;
  IF bonus_bet > 0 THEN
    SELECT * INTO m FROM bonus_move(p_user, g.id, -bonus_bet, 'bonus-bet', 'simulate:bonus-bet:' || p_round, p_order, p_bet_remark);
    IF m.refusal IS NOT NULL THEN refusal := m.refusal; RETURN; END IF;
  END IF;
  IF active THEN
    UPDATE bonus_grants x SET wagered = least(x.wagered + round(p_bet * bonus_weight(p_site, p_game_type) / 100, 6), money_max()), "updatedAt" = now()
     WHERE x.id = g.id;
  END IF;
  IF p_win > 0 THEN
    bonus_win := CASE WHEN bonus_bet > 0 THEN trunc(p_win * bonus_bet / p_bet, 6) ELSE 0 END;
    IF p_win - bonus_win > 0 THEN
      SELECT * INTO w FROM wallet_move(p_user, p_win - bonus_win, 0, 'win', 'simulate:win:' || p_round, 'bet-order', p_order::TEXT, p_order, p_win_remark, TRUE);
      IF w.refusal IS NOT NULL THEN refusal := w.refusal; RETURN; END IF;
      balance_after := w."balanceAfter";
    END IF;
    IF bonus_win > 0 THEN
      SELECT * INTO m FROM bonus_move(p_user, g.id, bonus_win, 'bonus-win', 'simulate:bonus-win:' || p_round, p_order, p_win_remark);
      IF m.refusal IS NOT NULL THEN refusal := m.refusal; RETURN; END IF;
    END IF;
  END IF;
  IF active THEN
    SELECT * INTO g FROM bonus_grants x WHERE x.id = g.id;
    IF g.wagered >= g."wageringRequired" THEN
      IF bonus_convert(g, p_order) > 0 THEN
        SELECT x.balance INTO balance_after FROM users x WHERE x.id = p_user;
      END IF;
    ELSIF g.balance = 0 THEN
      UPDATE bonus_grants x SET status = 'forfeited', "forfeitedAmount" = 0, "convertedAmount" = 0, "endReason" = 'spent', "endedAt" = now(), "updatedAt" = now()
       WHERE x.id = g.id;
    END IF;
  END IF;
  SELECT x."bonusBalance" INTO bonus_after FROM users x WHERE x.id = p_user;
END $$;
