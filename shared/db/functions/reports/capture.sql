-- The capture (docs/decisions/reports.md, "Deltas appended, folded by a job"): AFTER triggers append the
-- rows classify.sql derives from each written fact to report_deltas, in the writer's transaction, so a
-- fact and its deltas commit or roll back together. They only insert: no row shared by the site's
-- writers is updated here, so bets never queue on a per-site-day row; the fold (fold.sql) adds them up.
CREATE OR REPLACE FUNCTION report_capture() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'game_transactions' THEN
    INSERT INTO report_deltas ("siteCode", day, figure, amount, count, "userId", "gameType", provider, "paymentMethod")
    SELECT * FROM report_ledger_rows(NEW);
  ELSIF TG_TABLE_NAME = 'affiliate_ledger' THEN
    INSERT INTO report_deltas ("siteCode", day, figure, amount, count, "userId", "gameType", provider, "paymentMethod")
    SELECT * FROM report_affiliate_rows(NEW);
  ELSIF TG_TABLE_NAME = 'users' THEN
    INSERT INTO report_deltas ("siteCode", day, figure, amount, count, "userId", "gameType", provider, "paymentMethod")
    SELECT * FROM report_user_rows(NEW);
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO report_deltas ("siteCode", day, figure, amount, count, "userId", "gameType", provider, "paymentMethod")
    SELECT * FROM report_round_rows(NEW)
    UNION ALL SELECT * FROM report_open_bet_rows(NEW."siteCode", NEW."betDatetime", FALSE, 0, NOT NEW.settled, NEW."betAmount");
  ELSE
    INSERT INTO report_deltas ("siteCode", day, figure, amount, count, "userId", "gameType", provider, "paymentMethod")
    SELECT * FROM report_open_bet_rows(NEW."siteCode", now(), NOT OLD.settled, OLD."betAmount", NOT NEW.settled, NEW."betAmount");
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS report_game_transactions ON game_transactions;
CREATE TRIGGER report_game_transactions AFTER INSERT ON game_transactions FOR EACH ROW EXECUTE FUNCTION report_capture();
DROP TRIGGER IF EXISTS report_affiliate_ledger ON affiliate_ledger;
CREATE TRIGGER report_affiliate_ledger AFTER INSERT ON affiliate_ledger FOR EACH ROW EXECUTE FUNCTION report_capture();
DROP TRIGGER IF EXISTS report_users ON users;
CREATE TRIGGER report_users AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION report_capture();
DROP TRIGGER IF EXISTS report_bet_orders_insert ON bet_orders;
CREATE TRIGGER report_bet_orders_insert AFTER INSERT ON bet_orders FOR EACH ROW EXECUTE FUNCTION report_capture();
DROP TRIGGER IF EXISTS report_bet_orders_update ON bet_orders;
CREATE TRIGGER report_bet_orders_update AFTER UPDATE ON bet_orders FOR EACH ROW
  WHEN ((NOT OLD.settled OR NOT NEW.settled) AND (OLD.settled IS DISTINCT FROM NEW.settled OR OLD."betAmount" IS DISTINCT FROM NEW."betAmount"))
  EXECUTE FUNCTION report_capture();
