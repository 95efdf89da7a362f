-- Exactly once without the month (docs/decisions/bet-record.md, "Exactly once goes through the key
-- tables of the reconciliation window"). The history tables are partitioned by month, so their unique
-- keys cannot stand without "createdAt"; the keys live in three unpartitioned tables instead, each with
-- its primary key: game_transaction_keys (the ledger's "idempotencyKey"), provider_transaction_keys (a
-- provider call's provider, kind and "transactionId", with the bet id a cancel names) and bet_order_keys
-- (a round: site, provider, game number, player). A BEFORE INSERT trigger on each history table writes
-- the row's key in the same statement, so a key used twice fails the insert (unique_violation) exactly as
-- the unique index did, whatever the month; a deleted row frees its key, and a changed "createdAt" moves
-- with it (BEFORE DELETE and UPDATE: a row moved to another month by an update is an update, a delete
-- and an insert, in that order). The history job
-- (shared/domain/history/keys.ts) removes the keys of rows older than the window and moves
-- history_key_window."keysFrom" forward: a row older than "keysFrom" is found through the plain index of
-- its table instead, so a retry older than the window is looked up, never taken as new while its month is
-- in the database.

-- Rows at or after this moment have their key in the key tables (plpgsql: its table is looked up when
-- it runs, not when the file is applied).
CREATE OR REPLACE FUNCTION history_keys_from() RETURNS TIMESTAMPTZ LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT w."keysFrom" FROM history_key_window w), '-infinity'::TIMESTAMPTZ);
END $$;

CREATE OR REPLACE FUNCTION history_game_transaction_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO game_transaction_keys ("idempotencyKey", "createdAt") VALUES (NEW."idempotencyKey", NEW."createdAt");
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE game_transaction_keys k SET "createdAt" = NEW."createdAt" WHERE k."idempotencyKey" = OLD."idempotencyKey";
    RETURN NEW;
  END IF;
  DELETE FROM game_transaction_keys k WHERE k."idempotencyKey" = OLD."idempotencyKey";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION history_provider_transaction_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO provider_transaction_keys (provider, kind, "transactionId", "betTransactionId", "createdAt")
    VALUES (NEW.provider, NEW.kind, NEW."transactionId", NEW."betTransactionId", NEW."createdAt");
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE provider_transaction_keys k SET "createdAt" = NEW."createdAt"
     WHERE k.provider = OLD.provider AND k.kind = OLD.kind AND k."transactionId" = OLD."transactionId";
    RETURN NEW;
  END IF;
  DELETE FROM provider_transaction_keys k WHERE k.provider = OLD.provider AND k.kind = OLD.kind AND k."transactionId" = OLD."transactionId";
  RETURN OLD;
END $$;

CREATE OR REPLACE FUNCTION history_bet_order_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bet_order_keys ("siteCode", "providerCode", "gameNumber", "userId", "createdAt")
    VALUES (NEW."siteCode", NEW."providerCode", NEW."gameNumber", NEW."userId", NEW."createdAt");
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE bet_order_keys k SET "createdAt" = NEW."createdAt"
     WHERE k."siteCode" = OLD."siteCode" AND k."providerCode" = OLD."providerCode" AND k."gameNumber" = OLD."gameNumber" AND k."userId" = OLD."userId";
    RETURN NEW;
  END IF;
  DELETE FROM bet_order_keys k
   WHERE k."siteCode" = OLD."siteCode" AND k."providerCode" = OLD."providerCode" AND k."gameNumber" = OLD."gameNumber" AND k."userId" = OLD."userId";
  RETURN OLD;
END $$;

-- Prunes the keys older than p_months months (never moving "keysFrom" back, so a row is always either
-- keyed or older than "keysFrom"); answers the keys removed.
CREATE OR REPLACE FUNCTION history_prune_keys(p_months INTEGER) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  since TIMESTAMPTZ;
  a BIGINT; b BIGINT; c BIGINT;
BEGIN
  IF p_months IS NULL OR p_months < 1 THEN RAISE EXCEPTION 'the key window is at least 1 month, got %', p_months; END IF;
  INSERT INTO history_key_window AS w (id, "keysFrom") VALUES (TRUE, now() - make_interval(months => p_months))
  ON CONFLICT (id) DO UPDATE SET "keysFrom" = greatest(w."keysFrom", EXCLUDED."keysFrom")
  RETURNING w."keysFrom" INTO since;
  DELETE FROM game_transaction_keys k WHERE k."createdAt" < since;
  GET DIAGNOSTICS a = ROW_COUNT;
  DELETE FROM provider_transaction_keys k WHERE k."createdAt" < since;
  GET DIAGNOSTICS b = ROW_COUNT;
  DELETE FROM bet_order_keys k WHERE k."createdAt" < since;
  GET DIAGNOSTICS c = ROW_COUNT;
  RETURN a + b + c;
END $$;

-- One trigger name on the three tables (names: `trigger <name> ON <table>` stays within Postgres' 63 characters).
DROP TRIGGER IF EXISTS history_key ON game_transactions;
CREATE TRIGGER history_key BEFORE INSERT OR DELETE OR UPDATE OF "createdAt" ON game_transactions FOR EACH ROW EXECUTE FUNCTION history_game_transaction_key();
DROP TRIGGER IF EXISTS history_key ON provider_transactions;
CREATE TRIGGER history_key BEFORE INSERT OR DELETE OR UPDATE OF "createdAt" ON provider_transactions FOR EACH ROW EXECUTE FUNCTION history_provider_transaction_key();
DROP TRIGGER IF EXISTS history_key ON bet_orders;
CREATE TRIGGER history_key BEFORE INSERT OR DELETE OR UPDATE OF "createdAt" ON bet_orders FOR EACH ROW EXECUTE FUNCTION history_bet_order_key();
