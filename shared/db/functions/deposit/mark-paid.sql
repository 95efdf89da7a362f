-- deposit_mark_paid: an order becomes paid, usdAmount = payAmount / exchangeRate (both stored on the
-- order) rounded down to 6 decimals (never credits more than was paid), and its credit goes to the
-- outbox; the callbacks and an operator's resolution (shared/domain/deposit/admin.ts) both use it.
CREATE OR REPLACE FUNCTION deposit_mark_paid(p_order BIGINT) RETURNS outbox LANGUAGE plpgsql AS $$
BEGIN
  -- div() is the exact integer quotient: the USD amount truncated (not rounded) at 6 decimals.
  UPDATE deposit_orders SET status = 'paid', "paidAt" = now(), "updatedAt" = now(),
         "usdAmount" = div("payAmount" * 1000000, "exchangeRate") / 1000000
   WHERE id = p_order;
  RETURN deposit_credit_enqueue(p_order);
END $$;
