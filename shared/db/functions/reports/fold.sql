-- The fold (docs/decisions/reports.md, "Deltas appended, folded by a job"): takes up to p_limit deltas
-- (oldest first, skipping those another fold holds), classifies the rows they name (classify.sql), adds
-- them to report_daily per site, day and
-- dimension (the site, and the game type, provider and payment method a delta names), counts the
-- players new to a day's distinct figures (report_day_players) and the first deposits
-- (report_first_deposits), and deletes the deltas: one statement, so one transaction; a crash before
-- its commit leaves the deltas for the next fold, and a delta is folded exactly once. Returns the
-- number of deltas folded.
CREATE OR REPLACE FUNCTION report_fold(p_limit INTEGER) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
  n INTEGER;
BEGIN
  -- One fold at a time: two would update the same rollup rows in different orders.
  PERFORM pg_advisory_xact_lock(hashtextextended('report_fold', 0));
  WITH taken AS (
    DELETE FROM report_deltas d WHERE d.id IN (SELECT x.id FROM report_deltas x ORDER BY x.id LIMIT p_limit FOR UPDATE SKIP LOCKED) RETURNING d.*
  ), src AS (
    SELECT r.* FROM taken t JOIN game_transactions g ON t.source = 'ledger' AND g.id = t."sourceId", LATERAL report_ledger_rows(g) r
    UNION ALL SELECT r.* FROM taken t JOIN affiliate_ledger a ON t.source = 'affiliate' AND a.id = t."sourceId", LATERAL report_affiliate_rows(a) r
    UNION ALL SELECT r.* FROM taken t JOIN users u ON t.source = 'user' AND u.id = t."sourceId", LATERAL report_user_rows(u) r
    UNION ALL SELECT r.* FROM taken t JOIN bet_orders o ON t.source = 'round' AND o.id = t."sourceId", LATERAL report_round_rows(o) r
    UNION ALL SELECT r.* FROM taken t, LATERAL report_open_bet_rows(t."siteCode", t.at, t.amount, t.count) r WHERE t.source = 'open-bet'
  ), players AS (
    INSERT INTO report_day_players ("siteCode", day, figure, "userId")
    SELECT DISTINCT t."siteCode", t.day, report_distinct_of(t.figure), t."userId" FROM src t
     WHERE t."userId" IS NOT NULL AND report_distinct_of(t.figure) IS NOT NULL
    ON CONFLICT DO NOTHING RETURNING "siteCode", day, figure
  ), firsts AS (
    INSERT INTO report_first_deposits ("userId", "siteCode", day)
    SELECT DISTINCT ON (t."userId") t."userId", t."siteCode", t.day FROM src t WHERE t.figure = 'deposits' AND t."userId" IS NOT NULL
     ORDER BY t."userId", t.day
    ON CONFLICT DO NOTHING RETURNING "siteCode", day
  ), cells AS (
    SELECT t."siteCode", 'site' AS dimension, t.day, '' AS "groupCode", t.figure, t.amount, t.count FROM src t
    UNION ALL SELECT t."siteCode", 'gameType', t.day, t."gameType", t.figure, t.amount, t.count FROM src t WHERE t."gameType" IS NOT NULL
    UNION ALL SELECT t."siteCode", 'provider', t.day, t.provider, t.figure, t.amount, t.count FROM src t WHERE t.provider IS NOT NULL
    UNION ALL SELECT t."siteCode", 'paymentMethod', t.day, t."paymentMethod", t.figure, t.amount, t.count FROM src t WHERE t."paymentMethod" IS NOT NULL
    UNION ALL SELECT p."siteCode", 'site', p.day, '', p.figure, 0, 1 FROM players p
    UNION ALL SELECT f."siteCode", 'site', f.day, '', 'firstDepositors', 0, 1 FROM firsts f
  ), added AS (
    INSERT INTO report_daily AS r ("siteCode", dimension, day, "groupCode", figure, amount, count)
    SELECT c."siteCode", c.dimension, c.day, c."groupCode", c.figure, sum(c.amount), sum(c.count) FROM cells c
     GROUP BY c."siteCode", c.dimension, c.day, c."groupCode", c.figure
    ON CONFLICT ("siteCode", dimension, day, "groupCode", figure)
      DO UPDATE SET amount = r.amount + EXCLUDED.amount, count = r.count + EXCLUDED.count
  )
  SELECT count(*) INTO n FROM taken;
  RETURN n;
END $$;
