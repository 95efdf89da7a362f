-- game_transactions has no foreign key on "userId" (docs/decisions/vip.md, "Daily rebate write costs"): the
-- wallet writes each ledger row from the user row it has just updated. What the key also guarded, a
-- user deleted under their ledger, is kept by this trigger: deleting a user with ledger rows is refused.
-- Rows of archived months count (their manifest names the account: docs/decisions/bet-record.md, "Old
-- months go to compressed archives in storage").
CREATE OR REPLACE FUNCTION users_keep_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM game_transactions WHERE "userId" = OLD.id)
     OR EXISTS (SELECT 1 FROM history_archives a, jsonb_array_elements(a.manifest->'heads') x
                 WHERE a."table" = 'game_transactions' AND a."restoredAt" IS NULL AND x->>'account' = OLD.id::TEXT) THEN
    RAISE EXCEPTION 'user % has ledger rows and cannot be deleted', OLD.id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $$;

DROP TRIGGER IF EXISTS users_keep_ledger ON users;
CREATE TRIGGER users_keep_ledger BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_keep_ledger();
