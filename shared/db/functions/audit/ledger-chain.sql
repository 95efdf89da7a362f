-- The ledgers' hash chains (docs/audit-chains.md): a BEFORE INSERT trigger on game_transactions (the
-- wallet's ledger, wallet_move and creditFromQuery), on bonus_ledger (the bonus balance's ledger, bonus_move;
-- docs/decisions/bonus.md) and on affiliate_ledger (the affiliate account) sets
-- the row's "chainSeq" and "chainHash" in the chain of its account (the user id), through
-- audit_chain_append. The money functions do not change. The canonical content of a row is the JSON
-- array text json_build_array writes of its columns in the order below, money as text with 6 decimals
-- and the time as integer microseconds since the epoch (so no session setting changes it);
-- `npm run audit:verify` recomputes it with the same functions.
CREATE OR REPLACE FUNCTION audit_game_transaction_content(t game_transactions) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT json_build_array(t.id, t."siteCode", t."userId", t.kind, round(t.amount, 6)::TEXT, round(t."balanceBefore", 6)::TEXT,
                          round(t."balanceAfter", 6)::TEXT, round(t."frozenAmount", 6)::TEXT, round(t."frozenBefore", 6)::TEXT,
                          round(t."frozenAfter", 6)::TEXT, t."idempotencyKey", t."refType", t."refId", t."betOrderId", t.remark,
                          (extract(epoch FROM t."createdAt") * 1000000)::BIGINT)::TEXT
$$;

CREATE OR REPLACE FUNCTION audit_affiliate_ledger_content(t affiliate_ledger) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT json_build_array(t.id, t."siteCode", t."userId", t.kind, round(t."availableAmount", 6)::TEXT, round(t."frozenAmount", 6)::TEXT,
                          round(t."earnedAmount", 6)::TEXT, round(t."withdrawnAmount", 6)::TEXT, round(t."availableAfter", 6)::TEXT,
                          round(t."frozenAfter", 6)::TEXT, t."idempotencyKey", t."refType", t."refId",
                          (extract(epoch FROM t."createdAt") * 1000000)::BIGINT)::TEXT
$$;

CREATE OR REPLACE FUNCTION audit_bonus_ledger_content(t bonus_ledger) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT json_build_array(t.id, t."siteCode", t."userId", t."grantId", t.kind, round(t.amount, 6)::TEXT, round(t."bonusBefore", 6)::TEXT,
                          round(t."bonusAfter", 6)::TEXT, t."idempotencyKey", t."betOrderId", t.remark,
                          (extract(epoch FROM t."createdAt") * 1000000)::BIGINT)::TEXT
$$;

CREATE OR REPLACE FUNCTION audit_bonus_ledger_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
BEGIN
  SELECT * INTO c FROM audit_chain_append('bonus_ledger', NEW."userId"::TEXT, NEW.id, audit_bonus_ledger_content(NEW));
  NEW."chainSeq" := c.seq;
  NEW."chainHash" := c.hash;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION audit_game_transactions_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
BEGIN
  SELECT * INTO c FROM audit_chain_append('game_transactions', NEW."userId"::TEXT, NEW.id, audit_game_transaction_content(NEW));
  NEW."chainSeq" := c.seq;
  NEW."chainHash" := c.hash;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION audit_affiliate_ledger_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
BEGIN
  SELECT * INTO c FROM audit_chain_append('affiliate_ledger', NEW."userId"::TEXT, NEW.id, audit_affiliate_ledger_content(NEW));
  NEW."chainSeq" := c.seq;
  NEW."chainHash" := c.hash;
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS audit_game_transactions_chain ON game_transactions;
CREATE TRIGGER audit_game_transactions_chain BEFORE INSERT ON game_transactions FOR EACH ROW EXECUTE FUNCTION audit_game_transactions_chain();
DROP TRIGGER IF EXISTS audit_affiliate_ledger_chain ON affiliate_ledger;
CREATE TRIGGER audit_affiliate_ledger_chain BEFORE INSERT ON affiliate_ledger FOR EACH ROW EXECUTE FUNCTION audit_affiliate_ledger_chain();
DROP TRIGGER IF EXISTS audit_bonus_ledger_chain ON bonus_ledger;
CREATE TRIGGER audit_bonus_ledger_chain BEFORE INSERT ON bonus_ledger FOR EACH ROW EXECUTE FUNCTION audit_bonus_ledger_chain();
