-- rg_due_reality_check: the player's reality check when it is due and not acknowledged at now()
-- (rg_reality_check_due_at), as every money answer carries it: the session's start, its age in seconds,
-- its net result (wins minus stakes), when the check fell due and from when bets are refused (due plus
-- the site's grace, rg_reality_check_grace). No row when none is due. Read after a request's money
-- moved (shared/domain/responsible-gaming/queries/accounts.ts) or inside the statement that moved it
-- (simulate_fair_round), so the net result includes that request's own stake and win.
CREATE OR REPLACE FUNCTION rg_due_reality_check(p_user INTEGER,
                                                OUT started_at TIMESTAMPTZ, OUT elapsed_seconds TEXT, OUT net TEXT,
                                                OUT due_at TIMESTAMPTZ, OUT acknowledge_by TIMESTAMPTZ)
  RETURNS SETOF RECORD LANGUAGE sql STABLE AS $$
  SELECT a."sessionStartedAt", EXTRACT(EPOCH FROM now() - a."sessionStartedAt")::text, (a."sessionWin" - a."sessionStake")::text,
         d.due, d.due + make_interval(secs => rg_reality_check_grace(a."siteCode"))
    FROM rg_accounts a, LATERAL (SELECT rg_reality_check_due_at(a, now()) AS due) d
   WHERE a."userId" = p_user AND d.due IS NOT NULL
$$;
