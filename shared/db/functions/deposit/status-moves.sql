-- The deposit order's status moves (docs/payments.md, "Status moves"): which status may become which,
-- written once. The trigger below checks every UPDATE of deposit_orders.status against it, whoever
-- writes it: a move not in the table raises SQLSTATE DP000 and changes nothing (the API answers it as
-- the refusal deposit.statusMoveNotAllowed, shared/domain/deposit/status-moves.ts). The writers that
-- choose which orders to move ask it too: deposit_callback (add and pay callbacks) and the expiry sweep
-- (shared/domain/deposit/expiry.ts); an operator's resolution (admin.ts) moves the order it names.
-- States only go forward. A failed order (a payment that came late) is paid only by the operator's
-- resolution that credits it, and is failed again only by the one that fails it: `resolution` is read
-- from the row as the move leaves it, and only that resolution writes the column.
--
--   from      to        when
--   pending   created   always
--   pending   paid      always
--   pending   failed    always
--   created   paid      always
--   created   failed    always
--   failed    paid      resolution = 'credit'
--   failed    failed    resolution = 'fail'
--
-- IMMUTABLE SQL: inlined, so a writer's WHERE with a constant target folds into plain status conditions
-- (the expiry sweep keeps the deposit_orders_open index).
CREATE OR REPLACE FUNCTION deposit_status_move_allowed(p_from TEXT, p_to TEXT, p_resolution TEXT) RETURNS BOOLEAN
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (p_from = 'pending' AND p_to IN ('created', 'paid', 'failed'))
      OR (p_from = 'created' AND p_to IN ('paid', 'failed'))
      OR (p_from = 'failed' AND p_to = 'paid' AND p_resolution IS NOT DISTINCT FROM 'credit')
      OR (p_from = 'failed' AND p_to = 'failed' AND p_resolution IS NOT DISTINCT FROM 'fail')
$$;

CREATE OR REPLACE FUNCTION deposit_status_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT deposit_status_move_allowed(OLD.status, NEW.status, NEW.resolution) THEN
    RAISE EXCEPTION USING ERRCODE = 'DP000', MESSAGE = format('deposit order %s: %s may not become %s', OLD.id, OLD.status, NEW.status);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER deposit_orders_status_moves BEFORE UPDATE OF status ON deposit_orders
  FOR EACH ROW EXECUTE FUNCTION deposit_status_guard();
