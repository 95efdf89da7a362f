-- A bet with bonus money (docs/decisions/bonus.md, "A bet with bonus money"), its rule written once and
-- played by simulate (bonus_round, one statement for the bet and its win) and by the provider callbacks
-- (shared/db/functions/providers/bonus-money.sql: the stake, its win and its refund in separate calls).
-- Every step runs under the player's row lock, then the grant's (users, then bonus_grants).

-- The wagering a stake adds: the stake times its game type's weight (bonus_weight, percent), 6 decimals.
CREATE OR REPLACE FUNCTION bonus_wagering(p_site TEXT, p_game_type TEXT, p_bet NUMERIC) RETURNS NUMERIC LANGUAGE sql STABLE AS $$
  SELECT round(p_bet * bonus_weight(p_site, p_game_type) / 100, 6)
$$;

-- The bonus share of a win of p_win on stakes p_stakes of which p_bonus_stake was bonus money: the win
-- returns in the stake's proportion, the bonus share truncated to 6 decimals (cash gets the rest).
CREATE OR REPLACE FUNCTION bonus_win_share(p_win NUMERIC, p_bonus_stake NUMERIC, p_stakes NUMERIC) RETURNS NUMERIC LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_bonus_stake > 0 AND p_stakes > 0 THEN least(trunc(p_win * p_bonus_stake / p_stakes, 6), p_win) ELSE 0 END
$$;

-- A stake p_bet of player p_user, under the player's row lock, then the active grant's:
-- - an active grant past its expiry expires first (bonus_end), and the stake is cash only;
-- - a stake above the active grant's max bet is refused (refusal `maxBet`, its max bet in max_bet) before
--   anything moves;
-- - the stake is paid from cash first (cash_bet, which the caller moves through the wallet: cash is the
--   cash balance it found), then from bonus money (bonus_bet, a bonus-bet row under key p_key); more than
--   both is INSUFFICIENT_FUNDS;
-- - the grant's wagering grows by bonus_wagering of the whole stake, cash or bonus.
-- grant_id is the active grant the stake played (NULL: none, the whole stake is cash_bet). A refusal is
-- answered and the caller raises it, rolling back whatever moved.
CREATE OR REPLACE FUNCTION bonus_stake(p_site TEXT, p_user INTEGER, p_game_type TEXT, p_bet NUMERIC, p_key TEXT, p_order BIGINT, p_remark TEXT,
                                       OUT refusal TEXT, OUT max_bet NUMERIC, OUT grant_id BIGINT, OUT cash NUMERIC, OUT cash_bet NUMERIC,
                                       OUT bonus_bet NUMERIC)
LANGUAGE plpgsql AS $$
DECLARE
  g bonus_grants;
  active BOOLEAN;
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
  IF active AND bonus_stake_passes_max(g, p_bet) THEN refusal := 'maxBet'; max_bet := g."maxBet"; RETURN; END IF;
  cash_bet := CASE WHEN active THEN least(p_bet, cash) ELSE p_bet END;
  bonus_bet := p_bet - cash_bet;
  IF NOT active THEN RETURN; END IF;
  IF bonus_bet > g.balance THEN refusal := 'INSUFFICIENT_FUNDS'; RETURN; END IF;
  grant_id := g.id;
  IF bonus_bet > 0 THEN
    SELECT * INTO m FROM bonus_move(p_user, g.id, -bonus_bet, 'bonus-bet', p_key, p_order, p_remark);
    IF m.refusal IS NOT NULL THEN refusal := m.refusal; RETURN; END IF;
  END IF;
  UPDATE bonus_grants x SET wagered = least(x.wagered + bonus_wagering(p_site, p_game_type, p_bet), money_max()), "updatedAt" = now()
   WHERE x.id = g.id;
END $$;

-- A refunded stake p_bet of player p_user (a provider's cancel of a bet recorded at p_placed) takes back
-- the wagering it added to the player's active grant: bonus_wagering at the weight of now, never below
-- zero, when that grant was already there when the bet was recorded (a grant that started later never
-- counted it).
CREATE OR REPLACE FUNCTION bonus_unwager(p_user INTEGER, p_site TEXT, p_game_type TEXT, p_bet NUMERIC, p_placed TIMESTAMPTZ) RETURNS VOID LANGUAGE sql AS $$
  UPDATE bonus_grants x SET wagered = greatest(x.wagered - bonus_wagering(p_site, p_game_type, p_bet), 0), "updatedAt" = now()
   WHERE x."userId" = p_user AND x.status = 'active' AND x."createdAt" <= p_placed
$$;

-- After a stake of active grant p_grant (locked by bonus_stake): wagering complete, the grant converts
-- (bonus_convert) in this statement, once (the grant row is locked and no longer active for the next
-- bet); else, with p_end_spent, a grant left with no balance ends, forfeited ("spent"), nothing left to
-- move. Answers the cash the conversion paid (0 when none).
CREATE OR REPLACE FUNCTION bonus_settle(p_grant BIGINT, p_order BIGINT, p_end_spent BOOLEAN) RETURNS NUMERIC LANGUAGE plpgsql AS $$
DECLARE
  g bonus_grants;
BEGIN
  SELECT * INTO g FROM bonus_grants x WHERE x.id = p_grant;
  IF g.status <> 'active' THEN RETURN 0; END IF;
  IF g.wagered >= g."wageringRequired" THEN RETURN bonus_convert(g, p_order); END IF;
  IF p_end_spent AND g.balance = 0 THEN
    UPDATE bonus_grants x SET status = 'forfeited', "forfeitedAmount" = 0, "convertedAmount" = 0, "endReason" = 'spent', "endedAt" = now(), "updatedAt" = now()
     WHERE x.id = g.id;
  END IF;
  RETURN 0;
END $$;

-- Bonus money coming back to grant p_grant (a win's bonus share, bonus-win; a refunded stake's, bonus-cancel),
-- under the grant's row lock (the caller holds the player's): a bonus_move of p_amount under key p_key.
-- An active grant keeps it. A grant that has ended lets it go at once in the same statement: a converted
-- grant converts it when p_convert (a win: what the conversion would have paid had the win come with the
-- bet, bonus_convert within what is left of the max conversion), else, and for a forfeited or expired
-- grant, it is forfeited (bonus_end): bonus money never reaches cash other than by a conversion.
CREATE OR REPLACE FUNCTION bonus_credit(p_grant BIGINT, p_amount NUMERIC, p_kind TEXT, p_key TEXT, p_order BIGINT, p_remark TEXT, p_convert BOOLEAN)
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  g bonus_grants;
  m RECORD;
BEGIN
  SELECT * INTO g FROM bonus_grants x WHERE x.id = p_grant FOR NO KEY UPDATE;
  SELECT * INTO m FROM bonus_move(g."userId", g.id, p_amount, p_kind, p_key, p_order, p_remark);
  IF m.refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = m.refusal; END IF;
  IF g.status = 'active' THEN RETURN; END IF;
  SELECT * INTO g FROM bonus_grants x WHERE x.id = p_grant;
  IF g.status = 'converted' AND p_convert THEN
    PERFORM bonus_convert(g, p_order, p_key);
  ELSE
    PERFORM bonus_end(g, g.status, 'bonus-forfeit', 'the grant had ended', NULL, p_order, 'forfeit:' || p_key);
  END IF;
END $$;

-- A simulate round's money when the player has bonus money, called by simulate_round in its statement
-- after the bet order is written (the lock order: the order, then the player's row, then the grant):
-- the stake (bonus_stake; its cash part through wallet_move), the win in the stake's proportion
-- (bonus_win_share: a bonus-win row, the cash share the rest), then bonus_settle (conversion, or a
-- spent grant ends). A refusal is answered (`maxBet` or the wallet's reason) and the caller raises it:
-- nothing is written. Without an active grant the round is the cash round simulate_round plays itself.
CREATE OR REPLACE FUNCTION bonus_round(p_site TEXT, p_user INTEGER, p_game_type TEXT, p_round TEXT, p_order BIGINT, p_bet NUMERIC, p_win NUMERIC,
                                       p_bet_remark TEXT, p_win_remark TEXT,
                                       OUT refusal TEXT, OUT balance_before NUMERIC, OUT balance_after NUMERIC, OUT bonus_after NUMERIC)
LANGUAGE plpgsql AS $$
DECLARE
  s RECORD;
  bonus_win NUMERIC;
  w RECORD;
BEGIN
  SELECT * INTO s FROM bonus_stake(p_site, p_user, p_game_type, p_bet, 'simulate:bonus-bet:' || p_round, p_order, p_bet_remark);
  IF s.refusal IS NOT NULL THEN refusal := s.refusal; RETURN; END IF;
  balance_before := s.cash;
  balance_after := s.cash;
  IF s.cash_bet > 0 THEN
    SELECT * INTO w FROM wallet_move(p_user, -s.cash_bet, 0, 'bet', 'simulate:bet:' || p_round, 'bet-order', p_order::TEXT, p_order, p_bet_remark, TRUE);
    IF w.refusal IS NOT NULL THEN refusal := w.refusal; RETURN; END IF;
    balance_before := w."balanceBefore";
    balance_after := w."balanceAfter";
  END IF;
  IF p_win > 0 THEN
    bonus_win := bonus_win_share(p_win, s.bonus_bet, p_bet);
    IF p_win - bonus_win > 0 THEN
      SELECT * INTO w FROM wallet_move(p_user, p_win - bonus_win, 0, 'win', 'simulate:win:' || p_round, 'bet-order', p_order::TEXT, p_order, p_win_remark, TRUE);
      IF w.refusal IS NOT NULL THEN refusal := w.refusal; RETURN; END IF;
      balance_after := w."balanceAfter";
    END IF;
    IF bonus_win > 0 THEN
      PERFORM bonus_credit(s.grant_id, bonus_win, 'bonus-win', 'simulate:bonus-win:' || p_round, p_order, p_win_remark, TRUE);
    END IF;
  END IF;
  IF s.grant_id IS NOT NULL AND bonus_settle(s.grant_id, p_order, TRUE) > 0 THEN
    SELECT x.balance INTO balance_after FROM users x WHERE x.id = p_user;
  END IF;
  SELECT x."bonusBalance" INTO bonus_after FROM users x WHERE x.id = p_user;
END $$;
