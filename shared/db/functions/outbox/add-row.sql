-- outbox_add: one outbox row, the same insert shared/queues/outbox.ts addToOutbox makes, for the
-- database functions that enqueue work (the post-bet chain, a deposit's credit). Returns the row's id.
CREATE OR REPLACE FUNCTION outbox_add(p_queue TEXT, p_name TEXT, p_payload JSONB) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  new_id BIGINT;
BEGIN
  INSERT INTO outbox (queue, name, payload, "createdAt", attempts) VALUES (p_queue, p_name, p_payload, now(), 0) RETURNING id INTO new_id;
  RETURN new_id;
END $$;
