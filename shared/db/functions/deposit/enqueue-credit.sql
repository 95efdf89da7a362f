-- deposit_credit_enqueue: the `deposit-credit` outbox row of a paid order, through outbox_add; returns
-- the row, which the caller pushes to its queue after commit (shared/queues/outbox.ts).
CREATE OR REPLACE FUNCTION deposit_credit_enqueue(p_order BIGINT) RETURNS outbox LANGUAGE plpgsql AS $$
DECLARE
  new_id BIGINT := outbox_add('deposit-credit', 'deposit-paid', jsonb_build_object('depositOrderId', p_order));
  r outbox;
BEGIN
  SELECT * INTO r FROM outbox WHERE id = new_id;
  RETURN r;
END $$;
