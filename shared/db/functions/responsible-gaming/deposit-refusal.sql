-- rg_deposit_refusal: what refuses a new deposit order of p_amount at p_rate (currency units per USD, as
-- deposit_orders.exchangeRate): `selfExcluded`, `coolingOff` (rg_exclusion_refusal), `limitsRequired` when
-- the site requires limit types the player has not set (rg_missing_limits), or `depositLimit`
-- when the period's orders
-- that are paid or still open (every order but the failed ones, each at its USD amount: paid ones as
-- credited, open ones at their rate) plus this one pass a deposit limit in force. NULL: none. It takes
-- the player's protection lock (rg_account) and the caller inserts the order in the same transaction,
-- so concurrent orders are counted one after the other (shared/domain/deposit/orders.ts).
CREATE OR REPLACE FUNCTION rg_deposit_refusal(p_user INTEGER, p_amount NUMERIC, p_rate NUMERIC) RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  a rg_accounts; t TIMESTAMPTZ := now(); tz TEXT; l RECORD; total NUMERIC; excluded TEXT;
BEGIN
  a := rg_account(p_user);
  IF a."userId" IS NULL THEN RETURN NULL; END IF;
  excluded := rg_exclusion_refusal(a, t);
  IF excluded IS NOT NULL THEN RETURN excluded; END IF;
  IF cardinality(rg_missing_limits(p_user, a."siteCode", t)) > 0 THEN RETURN 'limitsRequired'; END IF;
  FOR l IN SELECT r.period, rg_limit_in_force(r.amount, r."pendingAmount", r."pendingFrom", r."operatorAmount", t) AS amount
             FROM rg_limits r WHERE r."userId" = p_user AND r.type = 'deposit' LOOP
    CONTINUE WHEN l.amount IS NULL;
    tz := coalesce(tz, rg_time_zone(a."siteCode"));
    SELECT coalesce(sum(coalesce(o."usdAmount", o."orderAmount" / o."exchangeRate")), 0) INTO total
      FROM deposit_orders o
     WHERE o."siteCode" = a."siteCode" AND o."userId" = p_user AND o.status <> 'failed'
       AND o."createdAt" >= rg_period_start(l.period, tz, t);
    IF total + p_amount / p_rate > l.amount THEN RETURN 'depositLimit'; END IF;
  END LOOP;
  RETURN NULL;
END $$;
