-- post_bet_enqueue: the post-bet outbox row of a settled order, in the caller's transaction (a simulate
-- round, a provider call that settles an order or changes a processed one).
CREATE OR REPLACE FUNCTION post_bet_enqueue(p_order BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  PERFORM outbox_add('post-bet', 'settled', jsonb_build_object('betOrderId', p_order));
END $$;
