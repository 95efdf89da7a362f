-- rg_account: the player's protection row, written when missing and locked (FOR NO KEY UPDATE): the lock
-- that serializes a player's deposits and setting changes (a bet's update of the row waits for it too).
-- A NULL row when the player does not exist.
CREATE OR REPLACE FUNCTION rg_account(p_user INTEGER) RETURNS rg_accounts LANGUAGE plpgsql AS $$
DECLARE
  a rg_accounts;
BEGIN
  SELECT * INTO a FROM rg_accounts WHERE "userId" = p_user FOR NO KEY UPDATE;
  IF FOUND THEN RETURN a; END IF;
  INSERT INTO rg_accounts ("userId", "siteCode") SELECT id, "siteCode" FROM users WHERE id = p_user ON CONFLICT DO NOTHING;
  SELECT * INTO a FROM rg_accounts WHERE "userId" = p_user FOR NO KEY UPDATE;
  RETURN a;
END $$;

-- rg_account_refusal: what stops any play at p_at, before any amount is counted: self-exclusion,
-- cooling-off, or a session limit run out (the session is live and older than the limit). NULL: none.
CREATE OR REPLACE FUNCTION rg_account_refusal(a rg_accounts, p_at TIMESTAMPTZ) RETURNS TEXT LANGUAGE plpgsql STABLE AS $$
DECLARE
  minutes INTEGER := rg_session_limit_in_force(a, p_at);
BEGIN
  IF a."selfExcludedUntil" > p_at THEN RETURN 'selfExcluded'; END IF;
  IF a."coolingOffUntil" > p_at THEN RETURN 'coolingOff'; END IF;
  IF minutes IS NOT NULL AND a."sessionLastAt" > p_at - rg_session_pause()
     AND p_at - a."sessionStartedAt" >= make_interval(mins => minutes) THEN
    RETURN 'sessionLimit';
  END IF;
  RETURN NULL;
END $$;
