-- rg_play: counts one movement of play in the player's running totals (rg_accounts: the current day,
-- week and month in the site's time zone, and the session) and, for a bet (p_bet), answers what refuses
-- it: `selfExcluded`, `coolingOff`, `sessionLimit`, `wagerLimit` (the period's stakes with this one pass
-- the limit) or `lossLimit` (stakes minus the wins before this call, with this stake, pass it: the call's
-- own win never decides its refusal); NULL when nothing does
-- (docs/decisions/responsible-gaming.md, "Player protection: calendar periods, running totals, checked where the money
-- moves"). Called right after the money moved, under the player's row lock the wallet took, by the
-- provider functions (provider_move: stakes, refunds as negative stakes, wins and jackpots) and by
-- simulate_round; the caller raises the refusal in its own way, which rolls the whole call back,
-- counting included. One indexed update of the player's row (the slower path only when a period ended)
-- and one lookup of its loss and wager limits.
CREATE OR REPLACE FUNCTION rg_play(p_user INTEGER, p_stake NUMERIC, p_win NUMERIC, p_bet BOOLEAN) RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  a rg_accounts; t TIMESTAMPTZ := now(); tz TEXT; l RECORD; stake NUMERIC; win NUMERIC; refusal TEXT;
BEGIN
  UPDATE rg_accounts SET
         "dayStake" = "dayStake" + p_stake, "dayWin" = "dayWin" + p_win,
         "weekStake" = "weekStake" + p_stake, "weekWin" = "weekWin" + p_win,
         "monthStake" = "monthStake" + p_stake, "monthWin" = "monthWin" + p_win,
         "sessionStartedAt" = CASE WHEN "sessionLastAt" > t - rg_session_pause() THEN "sessionStartedAt" ELSE t END,
         "sessionStake" = CASE WHEN "sessionLastAt" > t - rg_session_pause() THEN "sessionStake" ELSE 0 END + p_stake,
         "sessionWin" = CASE WHEN "sessionLastAt" > t - rg_session_pause() THEN "sessionWin" ELSE 0 END + p_win,
         "sessionLastAt" = t
   WHERE "userId" = p_user AND "dayEnd" > t
  RETURNING * INTO a;
  IF NOT FOUND THEN
    -- A new player, or a day (and so maybe a week or month) ended: start the ended periods from zero.
    a := rg_account(p_user);
    IF a."userId" IS NULL THEN RETURN NULL; END IF;
    tz := rg_time_zone(a."siteCode");
    UPDATE rg_accounts SET
           "dayStake" = CASE WHEN "dayEnd" > t THEN "dayStake" ELSE 0 END + p_stake,
           "dayWin" = CASE WHEN "dayEnd" > t THEN "dayWin" ELSE 0 END + p_win,
           "dayEnd" = CASE WHEN "dayEnd" > t THEN "dayEnd" ELSE rg_period_end('day', tz, t) END,
           "weekStake" = CASE WHEN "weekEnd" > t THEN "weekStake" ELSE 0 END + p_stake,
           "weekWin" = CASE WHEN "weekEnd" > t THEN "weekWin" ELSE 0 END + p_win,
           "weekEnd" = CASE WHEN "weekEnd" > t THEN "weekEnd" ELSE rg_period_end('week', tz, t) END,
           "monthStake" = CASE WHEN "monthEnd" > t THEN "monthStake" ELSE 0 END + p_stake,
           "monthWin" = CASE WHEN "monthEnd" > t THEN "monthWin" ELSE 0 END + p_win,
           "monthEnd" = CASE WHEN "monthEnd" > t THEN "monthEnd" ELSE rg_period_end('month', tz, t) END,
           "sessionStartedAt" = CASE WHEN "sessionLastAt" > t - rg_session_pause() THEN "sessionStartedAt" ELSE t END,
           "sessionStake" = CASE WHEN "sessionLastAt" > t - rg_session_pause() THEN "sessionStake" ELSE 0 END + p_stake,
           "sessionWin" = CASE WHEN "sessionLastAt" > t - rg_session_pause() THEN "sessionWin" ELSE 0 END + p_win,
           "sessionLastAt" = t
     WHERE "userId" = p_user
    RETURNING * INTO a;
  END IF;
  IF NOT p_bet THEN RETURN NULL; END IF;
  refusal := rg_account_refusal(a, t);
  IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  FOR l IN SELECT r.type, r.period, rg_limit_in_force(r.amount, r."pendingAmount", r."pendingFrom", r."operatorAmount", t) AS amount
             FROM rg_limits r WHERE r."userId" = p_user AND r.type IN ('loss', 'wager') LOOP
    CONTINUE WHEN l.amount IS NULL;
    stake := CASE l.period WHEN 'day' THEN a."dayStake" WHEN 'week' THEN a."weekStake" ELSE a."monthStake" END;
    win := CASE l.period WHEN 'day' THEN a."dayWin" WHEN 'week' THEN a."weekWin" ELSE a."monthWin" END;
    IF l.type = 'wager' AND stake > l.amount THEN RETURN 'wagerLimit'; END IF;
    -- The loss check leaves out this call's own win (p_win): a call that learns its result with its
    -- stake (a simulate round) is decided on the stake alone, never on the outcome it drew
    -- (docs/decisions/responsible-gaming.md, "Player protection: a refusal is decided on the stake, before the outcome").
    IF l.type = 'loss' AND stake - (win - p_win) > l.amount THEN RETURN 'lossLimit'; END IF;
  END LOOP;
  RETURN NULL;
END $$;
