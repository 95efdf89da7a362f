-- simulate_fair_round: a provably fair simulate round (POST /game/simulate, shared/domain/game/simulate.ts)
-- in one statement and one transaction (docs/decisions/game.md, "A round takes its nonce in its own
-- statement"). The API drew the outcome from the seeds it last saw for the player (p_server_seed_hash,
-- p_client_seed, p_nonce): the nonce is taken only if those are still the player's current seeds and
-- next nonce, under the lock of the player's fairness_seeds row (taken before the users row, in every
-- path that takes both). When they are not (another round of the player took the nonce, a rotation, a new
-- client seed, another API process), nothing is written and the answer is played = FALSE with the current
-- seeds and next nonce, to draw again with (next_nonce is the next round's nonce in both answers). Otherwise the round is simulate_round's (money, order, post-bet outbox row,
-- protection, bonus; its refusals raise as there and roll back the nonce too: the caller then burns the
-- nonce, fairness/burnt-nonces.ts), its proof is inserted (fairness_rounds), and the answer carries the
-- reality check due after this round (rg_due_reality_check), so the request reads nothing more.
CREATE OR REPLACE FUNCTION simulate_fair_round(p_site TEXT, p_user INTEGER, p_provider TEXT, p_game_code TEXT, p_game_name TEXT, p_game_type TEXT,
                                               p_round TEXT, p_product TEXT, p_bet NUMERIC, p_win NUMERIC, p_multiplier NUMERIC,
                                               p_at TIMESTAMPTZ, p_bet_remark TEXT, p_win_remark TEXT, p_weights JSONB,
                                               p_server_seed_hash TEXT, p_client_seed TEXT, p_nonce BIGINT,
                                               OUT played BOOLEAN, OUT order_id BIGINT, OUT balance_before NUMERIC, OUT balance_after NUMERIC,
                                               OUT server_seed TEXT, OUT server_seed_hash TEXT, OUT client_seed TEXT, OUT next_nonce BIGINT,
                                               OUT rc_started_at TIMESTAMPTZ, OUT rc_elapsed_seconds TEXT, OUT rc_net TEXT,
                                               OUT rc_due_at TIMESTAMPTZ, OUT rc_acknowledge_by TIMESTAMPTZ) LANGUAGE plpgsql AS $$
DECLARE
  s fairness_seeds;
  r RECORD;
BEGIN
  UPDATE fairness_seeds f SET nonce = f.nonce + 1
   WHERE f."userId" = p_user AND f.nonce = p_nonce AND f."serverSeedHash" = p_server_seed_hash AND f."clientSeed" = p_client_seed
  RETURNING f.* INTO s;
  IF NOT FOUND THEN
    played := FALSE;
    SELECT f."serverSeed", f."serverSeedHash", f."clientSeed", f.nonce INTO server_seed, server_seed_hash, client_seed, next_nonce
      FROM fairness_seeds f WHERE f."userId" = p_user;
    RETURN;
  END IF;
  played := TRUE;
  server_seed_hash := s."serverSeedHash";
  client_seed := s."clientSeed";
  next_nonce := s.nonce;
  SELECT * INTO r FROM simulate_round(p_site, p_user, p_provider, p_game_code, p_game_name, p_game_type, p_round, p_product, p_bet, p_win,
                                      p_multiplier, p_at, p_bet_remark, p_win_remark, p_weights);
  order_id := r.order_id;
  balance_before := r.balance_before;
  balance_after := r.balance_after;
  INSERT INTO fairness_rounds ("betOrderId", "userId", "serverSeedHash", "clientSeed", nonce)
  VALUES (r.order_id, p_user, p_server_seed_hash, p_client_seed, p_nonce);
  SELECT c.started_at, c.elapsed_seconds, c.net, c.due_at, c.acknowledge_by
    INTO rc_started_at, rc_elapsed_seconds, rc_net, rc_due_at, rc_acknowledge_by
    FROM rg_due_reality_check(p_user) c;
END $$;
