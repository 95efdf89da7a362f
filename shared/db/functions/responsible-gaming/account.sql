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

-- rg_exclusion_refusal: the exclusion in force at p_at, `selfExcluded` before `coolingOff`, then the KYC
-- under-age freeze (kyc_freeze_refusal, shared/db/functions/kyc/freeze.sql: `kyc.frozenUnderAge`, a
-- refusal of the KYC area); NULL: none. What stops deposits, bets and promotion claims alike.
CREATE OR REPLACE FUNCTION rg_exclusion_refusal(a rg_accounts, p_at TIMESTAMPTZ) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN a."selfExcludedUntil" > p_at THEN 'selfExcluded' WHEN a."coolingOffUntil" > p_at THEN 'coolingOff'
              ELSE kyc_freeze_refusal(a."userId") END
$$;

-- rg_account_refusal: what stops any play at p_at, before any amount is counted: an exclusion
-- (rg_exclusion_refusal), or a session limit run out (the session is live and older than the limit).
-- NULL: none.
CREATE OR REPLACE FUNCTION rg_account_refusal(a rg_accounts, p_at TIMESTAMPTZ) RETURNS TEXT LANGUAGE plpgsql STABLE AS $$
DECLARE
  minutes INTEGER := rg_session_limit_in_force(a, p_at);
  excluded TEXT := rg_exclusion_refusal(a, p_at);
BEGIN
  IF excluded IS NOT NULL THEN RETURN excluded; END IF;
  IF minutes IS NOT NULL AND a."sessionLastAt" > p_at - rg_session_pause()
     AND p_at - a."sessionStartedAt" >= make_interval(mins => minutes) THEN
    RETURN 'sessionLimit';
  END IF;
  RETURN NULL;
END $$;
