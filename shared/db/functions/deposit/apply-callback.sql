-- The signed vendor deposit callbacks (docs/payments.md, "Callbacks") as one database function, so that
-- each callback is ONE statement (its own transaction) instead of a transaction the API drives statement
-- by statement (shared/domain/deposit/callbacks.ts).
-- deposit_callback: the order the callback names (subOrder and the vendor of its channel) locked, its
-- outcome decided and applied, the callback recorded in deposit_callbacks with that outcome. Returns
-- the outcome and, when the order became paid, the outbox row (to_jsonb) to push. p_payee_malformed: the
-- API found the payee an add callback names (bank code, account, expiry) malformed.
CREATE OR REPLACE FUNCTION deposit_callback(p_vendor TEXT, p_kind TEXT, p_sub_order TEXT, p_tx_hash TEXT, p_pay_amount NUMERIC, p_pay_time TEXT,
                                            p_body JSONB, p_tolerance NUMERIC, p_payee_malformed BOOLEAN DEFAULT false,
                                            OUT outcome TEXT, OUT credit JSONB) LANGUAGE plpgsql AS $$
DECLARE
  o deposit_orders;
  new_flag TEXT;
  violated TEXT;
BEGIN
  IF p_sub_order IS NOT NULL THEN
    SELECT * INTO o FROM deposit_orders x WHERE x."subOrder" = p_sub_order AND x."channelCode" = p_vendor FOR UPDATE;
  END IF;
  outcome := CASE
    WHEN p_sub_order IS NULL THEN 'invalid'
    -- A USDT payment is named by its txHash: without one it cannot be applied.
    WHEN p_kind = 'pay' AND p_vendor = 'usdt' AND p_tx_hash IS NULL THEN 'invalid'
    WHEN o.id IS NULL THEN 'unknown-order'
    -- An ATM order's add callback naming where to pay in a form the API refused (shared/domain/deposit/payee.ts).
    WHEN p_kind = 'add' AND p_payee_malformed AND o."paymentMethod" = 'fiat' THEN 'invalid'
    -- Which moves are allowed is the status table's (status-moves.sql).
    WHEN p_kind = 'add' THEN CASE WHEN o.status = 'created' THEN 'duplicate'
                                  WHEN deposit_status_move_allowed(o.status, 'created', o.resolution) THEN 'applied' ELSE 'final-order' END
    WHEN p_pay_amount IS NULL THEN 'invalid'
    WHEN o.status = 'paid' THEN 'duplicate'
    WHEN o.flag IS NOT NULL THEN 'already-flagged'
    WHEN p_tx_hash IS NOT NULL AND EXISTS (SELECT 1 FROM deposit_orders u WHERE u."txHash" = p_tx_hash AND u.id <> o.id) THEN 'tx-used'
    -- A payment for an order that may not become paid now (failed: expired, refused by the vendor).
    WHEN NOT deposit_status_move_allowed(o.status, 'paid', o.resolution) THEN 'late-payment'
    WHEN abs(p_pay_amount - o."orderAmount") > p_tolerance THEN 'amount-mismatch'
    ELSE 'applied' END;

  IF p_kind = 'add' AND outcome = 'applied' THEN
    UPDATE deposit_orders SET status = 'created', "updatedAt" = now(),
           "callbackData" = coalesce("callbackData", '{}'::jsonb) || jsonb_build_object('add', p_body)
     WHERE id = o.id;
  ELSIF p_kind = 'pay' AND outcome IN ('applied', 'late-payment', 'amount-mismatch') THEN
    new_flag := CASE WHEN outcome <> 'applied' THEN outcome END;
    BEGIN
      UPDATE deposit_orders x SET "payAmount" = p_pay_amount, "payTime" = p_pay_time, "txHash" = p_tx_hash, "updatedAt" = now(),
             "callbackData" = coalesce(x."callbackData", '{}'::jsonb) || jsonb_build_object('pay', p_body),
             flag = new_flag, "flaggedAt" = CASE WHEN new_flag IS NOT NULL THEN now() END
       WHERE x.id = o.id;
      IF new_flag IS NULL THEN
        credit := to_jsonb(deposit_mark_paid(o.id));
      END IF;
    EXCEPTION WHEN unique_violation THEN
      -- Another order's callback, running at the same time, took this txHash first: the check above could
      -- not see it, its unique index can. That callback won; this one is a reused txHash like any other
      -- (docs/payments.md, "Callbacks"), and its order's changes are undone with this block.
      GET STACKED DIAGNOSTICS violated = CONSTRAINT_NAME;
      IF violated IS DISTINCT FROM 'deposit_orders_tx_hash' THEN RAISE; END IF;
      outcome := 'tx-used';
      credit := NULL;
    END;
  END IF;

  INSERT INTO deposit_callbacks ("siteCode", vendor, kind, "subOrder", "txHash", "depositOrderId", outcome, body)
  VALUES (o."siteCode", p_vendor, p_kind, p_sub_order, p_tx_hash, o.id, outcome, p_body);
END $$;
