-- The figures of operator reporting (docs/reports.md, "Figures"): which figure each written fact adds
-- to, on which day of its site. One rule for both paths: the fold (fold.sql) applies them to the rows
-- the capture triggers (capture.sql) named, and `npm run reports:verify`
-- (shared/domain/reports/verify.ts) recomputes a range from the raw tables with the same functions.
-- The names are those of shared/domain/reports/figures.ts.

-- The local day of p_at in the site's time zone: the one site time zone, the player-protection setting
-- read by rg_time_zone (docs/decisions/reports.md, "One site time zone").
CREATE OR REPLACE FUNCTION report_day(p_site TEXT, p_at TIMESTAMPTZ) RETURNS DATE LANGUAGE sql STABLE AS $$
  SELECT (p_at AT TIME ZONE rg_time_zone(p_site))::DATE
$$;

-- The per-day distinct count a figure's rows also feed (their userId): active players (a stake) and
-- depositors (a deposit).
CREATE OR REPLACE FUNCTION report_distinct_of(p_figure TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_figure WHEN 'stakes' THEN 'activePlayers' WHEN 'deposits' THEN 'depositors' END
$$;

-- A wallet ledger row. Play (stakes, wins, jackpots) belongs to the day of its round (the bet order's
-- betDatetime), so a late callback corrects that day; a VIP rebate to the day it pays for (its refId);
-- everything else to the row's own day. Every row also changes the players' cash and frozen funds on
-- the row's own day (the end-of-day funds are the running sum of those changes).
CREATE OR REPLACE FUNCTION report_ledger_rows(g game_transactions)
RETURNS TABLE ("siteCode" VARCHAR, day DATE, figure TEXT, amount NUMERIC, count INTEGER, "userId" INTEGER, "gameType" VARCHAR,
               provider VARCHAR, "paymentMethod" TEXT)
LANGUAGE sql STABLE AS $$
  WITH o AS (SELECT b."betDatetime", b."gameType", b."providerCode" FROM bet_orders b WHERE b.id = g."betOrderId"),
  e AS (
    SELECT CASE WHEN g.kind IN ('bet', 'cancel', 'refund') THEN 'stakes' WHEN g.kind = 'win' THEN 'wins' WHEN g.kind = 'jackpot' THEN 'jackpots'
                WHEN g.kind IN ('promo-reward', 'mission-reward', 'promo-forfeit') THEN 'promotionRewards'
                WHEN g.kind = 'rebate' THEN 'vipRebates' WHEN g.kind = 'bonus-convert' THEN 'bonusConverted'
                WHEN g.kind = 'adjustment' THEN 'adjustments' WHEN g.kind = 'deposit' THEN 'deposits'
                WHEN g.kind = 'withdrawal-freeze' THEN 'withdrawalsRequested' WHEN g.kind = 'withdrawal-payout' THEN 'withdrawalsPaid'
                WHEN g.kind = 'withdrawal-release' THEN 'withdrawalsRefused' END AS figure,
           CASE WHEN g.kind IN ('bet', 'cancel', 'refund') THEN -g.amount WHEN g.kind LIKE 'withdrawal-%' THEN abs(g."frozenAmount")
                ELSE g.amount END AS amount,
           CASE WHEN g.kind IN ('cancel', 'refund') THEN -1 WHEN g.kind IN ('promo-forfeit', 'adjustment') THEN 0 ELSE 1 END AS count,
           CASE WHEN g.kind IN ('bet', 'deposit') THEN g."userId" END AS "userId",
           CASE WHEN g.kind = 'rebate' AND g."refType" = 'vip-rebate' AND g."refId" ~ '^\d{4}-\d{2}-\d{2}$' THEN g."refId"::DATE
                ELSE report_day(g."siteCode", coalesce((SELECT o."betDatetime" FROM o), g."createdAt")) END AS day
  )
  SELECT g."siteCode", e.day, e.figure, e.amount, e.count, e."userId", (SELECT o."gameType" FROM o), (SELECT o."providerCode" FROM o),
         CASE WHEN g.kind = 'deposit' THEN
           (SELECT x."paymentMethod" || ':' || x."channelCode" FROM deposit_orders x
             WHERE x.id = CASE WHEN g."refType" = 'deposit-order' AND g."refId" ~ '^\d{1,18}$' THEN g."refId"::BIGINT END) END
    FROM e WHERE e.figure IS NOT NULL
  UNION ALL
  SELECT g."siteCode", report_day(g."siteCode", g."createdAt"), f.figure, f.amount, 0, NULL, NULL, NULL, NULL
    FROM (VALUES ('playerCashChange', g.amount), ('playerFrozenChange', g."frozenAmount")) f (figure, amount) WHERE f.amount <> 0
$$;

-- An affiliate ledger row (an agent's commission account), on the row's own day.
CREATE OR REPLACE FUNCTION report_affiliate_rows(a affiliate_ledger)
RETURNS TABLE ("siteCode" VARCHAR, day DATE, figure TEXT, amount NUMERIC, count INTEGER, "userId" INTEGER, "gameType" VARCHAR,
               provider VARCHAR, "paymentMethod" TEXT)
LANGUAGE sql STABLE AS $$
  SELECT a."siteCode", report_day(a."siteCode", a."createdAt"), f.figure, f.amount, f.count, NULL::INTEGER, NULL::VARCHAR, NULL::VARCHAR, NULL::TEXT
    FROM (VALUES (CASE WHEN a.kind IN ('commission', 'milestone') THEN 'affiliateCommission' WHEN a.kind = 'withdrawal-hold' THEN 'agentWithdrawalsRequested'
                       WHEN a.kind = 'withdrawal-payout' THEN 'agentWithdrawalsPaid' WHEN a.kind = 'withdrawal-release' THEN 'agentWithdrawalsRefused' END,
                  CASE WHEN a.kind IN ('commission', 'milestone') THEN a."earnedAmount" WHEN a.kind = 'withdrawal-payout' THEN a."withdrawnAmount"
                       ELSE abs(a."frozenAmount") END, 1),
                 ('agentCashChange', a."availableAmount", 0), ('agentFrozenChange', a."frozenAmount", 0)) f (figure, amount, count)
   WHERE f.figure IS NOT NULL AND (f.count = 1 OR f.amount <> 0)
$$;

-- A registration, on the day the account was made.
CREATE OR REPLACE FUNCTION report_user_rows(u users)
RETURNS TABLE ("siteCode" VARCHAR, day DATE, figure TEXT, amount NUMERIC, count INTEGER, "userId" INTEGER, "gameType" VARCHAR,
               provider VARCHAR, "paymentMethod" TEXT)
LANGUAGE sql STABLE AS $$
  SELECT u."siteCode", report_day(u."siteCode", u."createdAt"), 'registrations'::TEXT, 0::NUMERIC, 1, NULL::INTEGER, NULL::VARCHAR, NULL::VARCHAR, NULL::TEXT
$$;

-- A round: one bet order, on the day of its betDatetime, by game type and provider.
CREATE OR REPLACE FUNCTION report_round_rows(o bet_orders)
RETURNS TABLE ("siteCode" VARCHAR, day DATE, figure TEXT, amount NUMERIC, count INTEGER, "userId" INTEGER, "gameType" VARCHAR,
               provider VARCHAR, "paymentMethod" TEXT)
LANGUAGE sql STABLE AS $$
  SELECT o."siteCode", report_day(o."siteCode", o."betDatetime"), 'rounds'::TEXT, 0::NUMERIC, 1, NULL::INTEGER, o."gameType", o."providerCode", NULL::TEXT
$$;

-- An open-bets change (capture.sql computes it when a bet order is written), on the day it happened.
CREATE OR REPLACE FUNCTION report_open_bet_rows(p_site TEXT, p_at TIMESTAMPTZ, p_amount NUMERIC, p_count INTEGER)
RETURNS TABLE ("siteCode" VARCHAR, day DATE, figure TEXT, amount NUMERIC, count INTEGER, "userId" INTEGER, "gameType" VARCHAR,
               provider VARCHAR, "paymentMethod" TEXT)
LANGUAGE sql STABLE AS $$
  SELECT p_site::VARCHAR, report_day(p_site, p_at), 'openBetsChange'::TEXT, p_amount, p_count, NULL::INTEGER, NULL::VARCHAR, NULL::VARCHAR, NULL::TEXT
$$;
