-- The live events' feed (docs/decisions/events.md, docs/events.md). One statement-level AFTER INSERT
-- trigger on the ledger (game_transactions): one insert into event_feed per inserting statement, of one
-- row per ledger row (userId, siteCode, ledger id; the publisher reads the rest from the ledger row
-- itself). The money functions do not change, and the rows become visible only when their transaction
-- commits, so no event is ever published from inside one.
CREATE OR REPLACE FUNCTION events_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_feed ("siteCode", "userId", type, "ledgerId")
  SELECT n."siteCode", n."userId", 'balance', n.id FROM events_ledger_new n ORDER BY n.id;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS game_transactions_events ON game_transactions;
CREATE TRIGGER game_transactions_events AFTER INSERT ON game_transactions REFERENCING NEW TABLE AS events_ledger_new
  FOR EACH STATEMENT EXECUTE FUNCTION events_from_ledger();
