-- Events of changes outside the ledger (docs/events.md): row triggers on the tables whose changes a
-- player or a site's operators are told of, each appending one event_feed row in the transaction of the
-- change (published after it commits, shared/domain/events/publisher.ts). None of these tables is on the
-- path of a bet; the triggers fire only when the columns they tell of change.

-- deposit_orders: the player's `deposit` on a new order and each status change; the operators'
-- `deposit-flagged` when an order gets a flag.
CREATE OR REPLACE FUNCTION events_from_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status THEN
    INSERT INTO event_feed ("siteCode", "userId", type, payload)
    VALUES (NEW."siteCode", NEW."userId", 'deposit',
            jsonb_build_object('orderId', NEW.id::TEXT, 'status', NEW.status, 'orderAmount', NEW."orderAmount"::TEXT, 'currency', NEW.currency,
                               'payAmount', NEW."payAmount"::TEXT, 'failReason', NEW."failReason"));
  END IF;
  IF NEW.flag IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.flag IS DISTINCT FROM NEW.flag) THEN
    INSERT INTO event_feed ("siteCode", "userId", type, payload)
    VALUES (NEW."siteCode", NULL, 'deposit-flagged',
            jsonb_build_object('orderId', NEW.id::TEXT, 'userId', NEW."userId", 'flag', NEW.flag, 'status', NEW.status,
                               'orderAmount', NEW."orderAmount"::TEXT, 'currency', NEW.currency));
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS deposit_orders_events ON deposit_orders;
CREATE TRIGGER deposit_orders_events AFTER INSERT OR UPDATE OF status, flag ON deposit_orders
  FOR EACH ROW EXECUTE FUNCTION events_from_deposit();

-- withdrawals: the player's `withdrawal` on a request and each status change.
CREATE OR REPLACE FUNCTION events_from_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status THEN
    INSERT INTO event_feed ("siteCode", "userId", type, payload)
    VALUES (NEW."siteCode", NEW."userId", 'withdrawal',
            jsonb_build_object('withdrawalId', NEW.id, 'status', NEW.status, 'amount', NEW.amount::TEXT, 'rejectReason', NEW."rejectReason"));
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS withdrawals_events ON withdrawals;
CREATE TRIGGER withdrawals_events AFTER INSERT OR UPDATE OF status ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION events_from_withdrawal();

-- kyc_documents: the operators' `kyc-document` for a new document in the queue; the player's `kyc`
-- when an operator decides one.
CREATE OR REPLACE FUNCTION events_from_kyc_document() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_feed ("siteCode", "userId", type, payload)
    VALUES (NEW."siteCode", NULL, 'kyc-document', jsonb_build_object('documentId', NEW.id, 'userId', NEW."userId", 'kind', NEW.kind));
  ELSIF OLD.status IS DISTINCT FROM NEW.status THEN
    INSERT INTO event_feed ("siteCode", "userId", type, payload)
    VALUES (NEW."siteCode", NEW."userId", 'kyc',
            jsonb_build_object('documentId', NEW.id, 'kind', NEW.kind, 'status', NEW.status, 'reason', NEW.reason, 'expiresAt', NEW."expiresAt"));
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS kyc_documents_events ON kyc_documents;
CREATE TRIGGER kyc_documents_events AFTER INSERT OR UPDATE OF status ON kyc_documents
  FOR EACH ROW EXECUTE FUNCTION events_from_kyc_document();

-- inbox_messages: the player's `inbox` for a new personal message (site-wide messages are not pushed).
CREATE OR REPLACE FUNCTION events_from_inbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_feed ("siteCode", "userId", type, payload)
  VALUES (NEW."siteCode", NEW."userId", 'inbox', jsonb_build_object('messageId', NEW.id::TEXT, 'category', NEW.category));
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS inbox_messages_events ON inbox_messages;
CREATE TRIGGER inbox_messages_events AFTER INSERT ON inbox_messages
  FOR EACH ROW WHEN (NEW."userId" IS NOT NULL) EXECUTE FUNCTION events_from_inbox();

-- rg_limits and rg_accounts: the player's `protection` when a limit, a pending limit, an exclusion,
-- the session limit or the reality-check interval changes (not the running totals every bet updates).
CREATE OR REPLACE FUNCTION events_from_rg_limit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_feed ("siteCode", "userId", type, payload)
  VALUES (NEW."siteCode", NEW."userId", 'protection',
          jsonb_build_object('change', 'limit', 'limitType', NEW.type, 'period', NEW.period, 'amount', NEW.amount::TEXT,
                             'pendingAmount', NEW."pendingAmount"::TEXT, 'pendingFrom', NEW."pendingFrom", 'operatorAmount', NEW."operatorAmount"::TEXT));
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS rg_limits_events ON rg_limits;
CREATE TRIGGER rg_limits_events AFTER INSERT OR UPDATE OF amount, "pendingAmount", "operatorAmount" ON rg_limits
  FOR EACH ROW EXECUTE FUNCTION events_from_rg_limit();

CREATE OR REPLACE FUNCTION events_from_rg_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."coolingOffUntil" IS DISTINCT FROM NEW."coolingOffUntil" OR OLD."selfExcludedUntil" IS DISTINCT FROM NEW."selfExcludedUntil"
     OR OLD."sessionLimitMinutes" IS DISTINCT FROM NEW."sessionLimitMinutes"
     OR OLD."pendingSessionLimitMinutes" IS DISTINCT FROM NEW."pendingSessionLimitMinutes"
     OR OLD."realityCheckMinutes" IS DISTINCT FROM NEW."realityCheckMinutes" THEN
    INSERT INTO event_feed ("siteCode", "userId", type, payload)
    VALUES (NEW."siteCode", NEW."userId", 'protection',
            jsonb_build_object('change', 'account', 'coolingOffUntil', NEW."coolingOffUntil", 'selfExcludedUntil', NEW."selfExcludedUntil",
                               'sessionLimitMinutes', NEW."sessionLimitMinutes", 'pendingSessionLimitMinutes', NEW."pendingSessionLimitMinutes",
                               'realityCheckMinutes', NEW."realityCheckMinutes"));
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS rg_accounts_events ON rg_accounts;
CREATE TRIGGER rg_accounts_events AFTER UPDATE OF "coolingOffUntil", "selfExcludedUntil", "sessionLimitMinutes", "pendingSessionLimitMinutes", "realityCheckMinutes"
  ON rg_accounts FOR EACH ROW EXECUTE FUNCTION events_from_rg_account();
