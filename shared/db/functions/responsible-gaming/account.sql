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

-- rg_reality_check_grace: how long after a reality check falls due the player may still bet without
-- acknowledging it, in seconds: the site setting responsibleGaming.realityCheckGraceSeconds (60 unless
-- set), never longer than its jurisdiction profile's longestRealityCheckGraceSeconds (site_floors).
CREATE OR REPLACE FUNCTION rg_reality_check_grace(p_site TEXT) RETURNS INTEGER LANGUAGE sql STABLE AS $$
  SELECT LEAST(coalesce((SELECT CASE WHEN jsonb_typeof(c.settings #> '{responsibleGaming,realityCheckGraceSeconds}') = 'number'
                                      AND (c.settings #>> '{responsibleGaming,realityCheckGraceSeconds}') ~ '^[0-9]{1,6}$'
                                     THEN (c.settings #>> '{responsibleGaming,realityCheckGraceSeconds}')::INTEGER END
                           FROM site_configs c WHERE c."siteCode" = p_site), 60),
               (site_floors(p_site) ->> 'longestRealityCheckGraceSeconds')::INTEGER)
$$;

-- rg_reality_check_due_at: when the player's reality check fell due, if it is due at p_at and not
-- acknowledged; NULL otherwise. Due when the player set an interval (realityCheckMinutes, never longer
-- than the profile's longestRealityCheckMinutes), a session is live, and the interval has passed since
-- the session started or since the last check the player acknowledged ("realityCheckAt",
-- POST /responsible-gaming/reality-check/ack). Read by the money answers that carry the check and by
-- rg_reality_check_overdue, so what a player is shown and what refuses a bet are one rule.
CREATE OR REPLACE FUNCTION rg_reality_check_due_at(a rg_accounts, p_at TIMESTAMPTZ) RETURNS TIMESTAMPTZ LANGUAGE plpgsql STABLE AS $$
DECLARE
  due TIMESTAMPTZ;
BEGIN
  IF a."realityCheckMinutes" IS NULL OR NOT coalesce(a."sessionLastAt" > p_at - rg_session_pause(), FALSE) THEN RETURN NULL; END IF;
  due := GREATEST(coalesce(a."realityCheckAt", '-infinity'), a."sessionStartedAt")
         + make_interval(mins => LEAST(a."realityCheckMinutes", (site_floors(a."siteCode") ->> 'longestRealityCheckMinutes')::INTEGER));
  RETURN CASE WHEN p_at >= due THEN due END;
END $$;

-- rg_reality_check_overdue: a due check still not acknowledged once the site's grace has passed
-- (UKGC RTS 13: play stops until the player acknowledges it).
CREATE OR REPLACE FUNCTION rg_reality_check_overdue(a rg_accounts, p_at TIMESTAMPTZ) RETURNS BOOLEAN LANGUAGE plpgsql STABLE AS $$
DECLARE
  due TIMESTAMPTZ := rg_reality_check_due_at(a, p_at);
BEGIN
  RETURN due IS NOT NULL AND p_at >= due + make_interval(secs => rg_reality_check_grace(a."siteCode"));
END $$;

-- rg_account_refusal: what stops any play at p_at, before any amount is counted: an exclusion
-- (rg_exclusion_refusal), a session limit run out (the session is live and older than the limit), or a
-- reality check left unacknowledged past its grace (rg_reality_check_overdue). NULL: none.
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
  IF rg_reality_check_overdue(a, p_at) THEN RETURN 'realityCheckUnacknowledged'; END IF;
  RETURN NULL;
END $$;
