-- The withdrawal gate (docs/kyc.md, "Gates"): 2 when the player's money out over a rolling 30 days passes
-- p_above (the site's withdrawalAboveUsd) and the player lacks level 2, else NULL. Linked transactions
-- count together: the player's withdrawals and the same user's commission withdrawals (as an agent) that
-- were requested in the last 30 days and not refused (every status but `rejected`), the new one included
-- (the caller inserted its row in this transaction). Called by both withdrawal paths after their row is
-- written (shared/domain/kyc/gates.ts): POST /withdrawal/request and /affiliate/withdrawals/request.
--
-- It locks the user's users row (FOR NO KEY UPDATE; a player withdrawal's hold holds it already, a
-- commission withdrawal takes it before its affiliate account, as the lock order wants), so requests of
-- one user on either path are counted one after the other: ten at once cannot each see the others
-- missing and slip past.
CREATE OR REPLACE FUNCTION kyc_withdrawal_level_needed(p_user INTEGER, p_above NUMERIC) RETURNS SMALLINT
LANGUAGE plpgsql AS $$
DECLARE
  v_since TIMESTAMPTZ := now() - interval '30 days';
  v_total NUMERIC;
BEGIN
  PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE;
  SELECT COALESCE((SELECT SUM(w.amount) FROM withdrawals w
                    WHERE w."userId" = p_user AND w.status <> 'rejected' AND w."createdAt" > v_since), 0)
       + COALESCE((SELECT SUM(a.amount) FROM affiliate_withdrawals a
                    WHERE a."agentId" = p_user AND a.status <> 'rejected' AND a."createdAt" > v_since), 0)
    INTO v_total;
  IF v_total > p_above AND COALESCE(kyc_level(p_user), 0) < 2 THEN
    RETURN 2;
  END IF;
  RETURN NULL;
END $$;
