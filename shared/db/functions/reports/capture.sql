-- The capture (docs/decisions/reports.md, "Deltas appended, folded by a job"): AFTER triggers append one
-- tiny row to report_deltas per written fact, in the writer's transaction, so a fact and its delta
-- commit or roll back together. A delta names the row written (its table and id); the fold (fold.sql)
-- classifies it with classify.sql. Only an open-bet change carries its values (a bet order changes in
-- place). No lookup and no row shared by the site's writers here: bets never queue on a per-site-day row.
CREATE OR REPLACE FUNCTION report_capture_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_deltas (source, "sourceId") VALUES ('ledger', NEW.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION report_capture_affiliate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_deltas (source, "sourceId") VALUES ('affiliate', NEW.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION report_capture_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_deltas (source, "sourceId") VALUES ('user', NEW.id);
  RETURN NULL;
END $$;

-- A new bet order is a round; an open one (or one whose openness or stake changes) changes the open bets:
-- the order as it was leaves them (when it was open), the order as it is joins them (when it is open).
CREATE OR REPLACE FUNCTION report_capture_bet_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  amount NUMERIC := CASE WHEN NOT NEW.settled THEN NEW."betAmount" ELSE 0 END;
  n INTEGER := CASE WHEN NOT NEW.settled THEN 1 ELSE 0 END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_deltas (source, "sourceId") VALUES ('round', NEW.id);
  ELSIF NOT OLD.settled THEN
    amount := amount - OLD."betAmount";
    n := n - 1;
  END IF;
  IF amount <> 0 OR n <> 0 THEN
    INSERT INTO report_deltas (source, "siteCode", at, amount, count)
    VALUES ('open-bet', NEW."siteCode", CASE WHEN TG_OP = 'INSERT' THEN NEW."betDatetime" ELSE now() END, amount, n);
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS report_game_transactions ON game_transactions;
CREATE TRIGGER report_game_transactions AFTER INSERT ON game_transactions FOR EACH ROW EXECUTE FUNCTION report_capture_ledger();
DROP TRIGGER IF EXISTS report_affiliate_ledger ON affiliate_ledger;
CREATE TRIGGER report_affiliate_ledger AFTER INSERT ON affiliate_ledger FOR EACH ROW EXECUTE FUNCTION report_capture_affiliate();
DROP TRIGGER IF EXISTS report_users ON users;
CREATE TRIGGER report_users AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION report_capture_user();
DROP TRIGGER IF EXISTS report_bet_orders_insert ON bet_orders;
CREATE TRIGGER report_bet_orders_insert AFTER INSERT ON bet_orders FOR EACH ROW EXECUTE FUNCTION report_capture_bet_order();
DROP TRIGGER IF EXISTS report_bet_orders_update ON bet_orders;
CREATE TRIGGER report_bet_orders_update AFTER UPDATE ON bet_orders FOR EACH ROW
  WHEN ((NOT OLD.settled OR NOT NEW.settled) AND (OLD.settled IS DISTINCT FROM NEW.settled OR OLD."betAmount" IS DISTINCT FROM NEW."betAmount"))
  EXECUTE FUNCTION report_capture_bet_order();
