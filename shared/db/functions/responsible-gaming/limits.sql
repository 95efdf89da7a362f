-- rg_limit_in_force: the amount a limit (rg_limits) has at p_at: the player's amount, or its pending
-- change once due (a NULL pending amount is a removal), never above the operator's amount (LEAST ignores
-- NULLs: no limit is NULL). rg_session_limit_in_force: the same for the session limit.
CREATE OR REPLACE FUNCTION rg_limit_in_force(p_amount NUMERIC, p_pending NUMERIC, p_pending_from TIMESTAMPTZ, p_operator NUMERIC, p_at TIMESTAMPTZ)
RETURNS NUMERIC LANGUAGE sql IMMUTABLE AS $$
  SELECT LEAST(CASE WHEN p_pending_from IS NOT NULL AND p_pending_from <= p_at THEN p_pending ELSE p_amount END, p_operator)
$$;

CREATE OR REPLACE FUNCTION rg_session_limit_in_force(a rg_accounts, p_at TIMESTAMPTZ) RETURNS INTEGER LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN a."sessionLimitPendingFrom" IS NOT NULL AND a."sessionLimitPendingFrom" <= p_at
              THEN a."pendingSessionLimitMinutes" ELSE a."sessionLimitMinutes" END
$$;
