-- rg_limit_in_force: the amount a limit (rg_limits) has at p_at: the player's amount, or its pending
-- change once due (a NULL pending amount is a removal), never above the operator's amount (LEAST ignores
-- NULLs: no limit is NULL). rg_session_limit_in_force: the same for the session limit.
CREATE OR REPLACE FUNCTION rg_limit_in_force(p_amount NUMERIC, p_pending NUMERIC, p_pending_from TIMESTAMPTZ, p_operator NUMERIC, p_at TIMESTAMPTZ)
RETURNS NUMERIC LANGUAGE sql IMMUTABLE AS $$
  SELECT LEAST(CASE WHEN p_pending_from IS NOT NULL AND p_pending_from <= p_at THEN p_pending ELSE p_amount END, p_operator)
$$;

-- rg_missing_limits: the limit types the player's site requires (site setting
-- responsibleGaming.requiredLimits) that have no limit in force for the player at p_at, in the site's
-- order. Asked by the deposit check (rg_deposit_refusal) and shown by GET /responsible-gaming.
CREATE OR REPLACE FUNCTION rg_missing_limits(p_user INTEGER, p_site TEXT, p_at TIMESTAMPTZ) RETURNS TEXT[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(req.type ORDER BY req.n), '{}')
    FROM site_configs c,
         jsonb_array_elements_text(CASE WHEN jsonb_typeof(c.settings #> '{responsibleGaming,requiredLimits}') = 'array'
                                        THEN c.settings #> '{responsibleGaming,requiredLimits}' ELSE '[]'::jsonb END) WITH ORDINALITY req(type, n)
   WHERE c."siteCode" = p_site
     AND NOT EXISTS (SELECT 1 FROM rg_limits r WHERE r."userId" = p_user AND r.type = req.type
                        AND rg_limit_in_force(r.amount, r."pendingAmount", r."pendingFrom", r."operatorAmount", p_at) IS NOT NULL)
$$;

CREATE OR REPLACE FUNCTION rg_session_limit_in_force(a rg_accounts, p_at TIMESTAMPTZ) RETURNS INTEGER LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN a."sessionLimitPendingFrom" IS NOT NULL AND a."sessionLimitPendingFrom" <= p_at
              THEN a."pendingSessionLimitMinutes" ELSE a."sessionLimitMinutes" END
$$;
