-- rg_deposit_limit_refusal: `depositLimit` when p_usd (USD) added to the period's orders would pass a
-- deposit limit of the player's in force at t, else NULL. The period's orders are every order but the
-- failed ones, each at its USD amount (paid ones as credited, open ones at their rate), created in the
-- period or credited in it by an operator's resolution (a late payment counts when it becomes money),
-- leaving out p_except (the order being credited). The caller holds the player's protection lock (a).
CREATE OR REPLACE FUNCTION rg_deposit_limit_refusal(a rg_accounts, p_usd NUMERIC, p_except BIGINT, t TIMESTAMPTZ) RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  tz TEXT; l RECORD; total NUMERIC; since TIMESTAMPTZ;
BEGIN
  FOR l IN SELECT r.period, rg_limit_in_force(r.amount, r."pendingAmount", r."pendingFrom", r."operatorAmount", t) AS amount
             FROM rg_limits r WHERE r."userId" = a."userId" AND r.type = 'deposit' LOOP
    CONTINUE WHEN l.amount IS NULL;
    tz := coalesce(tz, rg_time_zone(a."siteCode"));
    since := rg_period_start(l.period, tz, t);
    SELECT coalesce(sum(coalesce(o."usdAmount", o."orderAmount" / o."exchangeRate")), 0) INTO total
      FROM deposit_orders o
     WHERE o."siteCode" = a."siteCode" AND o."userId" = a."userId" AND o.status <> 'failed' AND o.id IS DISTINCT FROM p_except
       AND (o."createdAt" >= since OR (o.resolution = 'credit' AND o."resolvedAt" >= since));
    IF total + p_usd > l.amount THEN RETURN 'depositLimit'; END IF;
  END LOOP;
  RETURN NULL;
END $$;

-- rg_deposit_refusal: what refuses a new deposit order of p_amount at p_rate (currency units per USD, as
-- deposit_orders.exchangeRate): `selfExcluded`, `coolingOff` (rg_exclusion_refusal), `limitsRequired` when
-- the site requires limit types the player has not set (rg_missing_limits), or `depositLimit`
-- (rg_deposit_limit_refusal). NULL: none. It takes
-- the player's protection lock (rg_account) and the caller inserts the order in the same transaction,
-- so concurrent orders are counted one after the other (shared/domain/deposit/orders.ts).
CREATE OR REPLACE FUNCTION rg_deposit_refusal(p_user INTEGER, p_amount NUMERIC, p_rate NUMERIC) RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  a rg_accounts; t TIMESTAMPTZ := now(); excluded TEXT;
BEGIN
  a := rg_account(p_user);
  IF a."userId" IS NULL THEN RETURN NULL; END IF;
  excluded := rg_exclusion_refusal(a, t);
  IF excluded IS NOT NULL THEN RETURN excluded; END IF;
  IF cardinality(rg_missing_limits(p_user, a."siteCode", t)) > 0 THEN RETURN 'limitsRequired'; END IF;
  RETURN rg_deposit_limit_refusal(a, p_amount / p_rate, NULL, t);
END $$;

-- rg_deposit_credit_refusal: what refuses an operator's credit of the flagged order p_order (an amount
-- that differs, a payment after the order expired): `depositLimit` when what was paid, in USD as
-- deposit_mark_paid will credit it, would pass a deposit limit in force now (rg_deposit_limit_refusal,
-- the order itself left out of the period's orders). An exclusion does not refuse it: the money is the
-- player's, credited and withdrawable, and no bet can be placed with it while the exclusion lasts
-- (docs/decisions/deposit.md, "An operator's credit of a flagged deposit asks the rules a new order would").
-- Takes the player's protection lock; the caller holds the order's lock and credits in the same transaction.
CREATE OR REPLACE FUNCTION rg_deposit_credit_refusal(p_order BIGINT) RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  o deposit_orders; a rg_accounts;
BEGIN
  SELECT * INTO o FROM deposit_orders WHERE id = p_order;
  IF o.id IS NULL OR o."payAmount" IS NULL THEN RETURN NULL; END IF;
  a := rg_account(o."userId");
  IF a."userId" IS NULL THEN RETURN NULL; END IF;
  RETURN rg_deposit_limit_refusal(a, div(o."payAmount" * 1000000, o."exchangeRate") / 1000000, p_order, now());
END $$;
