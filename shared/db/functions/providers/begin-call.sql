-- The provider money callbacks (docs/providers.md) are one database function per call: provx_bet,
-- provx_bet_result, provx_cancel, provx_jackpot, provy_bet, provy_win, provy_cancel. The API sends one
-- statement per callback (shared/domain/providers/seamless-wallet.ts runProviderCall), which runs as its
-- own transaction: any refusal raises and rolls everything back.
-- Each function: the advisory locks (the referenced bet id, then the player), the stored call (a replay
-- answers its stored response; the same id with other content is DUPLICATE_TRANSACTION), the player, the
-- game, the round's bet order (locked FOR NO KEY UPDATE before the player's row: docs/decisions/platform.md, "One
-- lock order"), the money through wallet_move, the order's totals, the bet detail, the settlement and
-- its post-bet outbox row, and the stored call with its answer.
--
-- provider_call_begin: locks, stored call, player: replay is the stored answer of a replay, else NULL;
-- site is the player's.
CREATE OR REPLACE FUNCTION provider_call_begin(p_provider TEXT, p_kind TEXT, p_tx TEXT, p_bet_tx TEXT, p_user INTEGER, p_round TEXT, p_game TEXT,
                                               p_debit NUMERIC, p_credit NUMERIC, OUT replay JSON, OUT site TEXT) LANGUAGE plpgsql AS $$
DECLARE
  prev provider_transactions;
  bet_id TEXT := coalesce(p_bet_tx, CASE WHEN p_kind = 'bet' THEN p_tx END);
BEGIN
  -- Lock order is always bet id, then player: no two calls wait on each other in a cycle.
  IF bet_id IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('provider-call:' || p_provider || ':bet:' || bet_id, 0));
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('provider-call:' || p_provider || ':user:' || p_user, 0));
  -- Through the key table of the reconciliation window (provider_stored_call).
  prev := provider_stored_call(p_provider, p_kind, p_tx);
  IF prev.id IS NOT NULL THEN
    IF prev."userId" = p_user AND prev."betTransactionId" IS NOT DISTINCT FROM p_bet_tx AND prev."roundId" IS NOT DISTINCT FROM p_round
       AND prev."gameCode" IS NOT DISTINCT FROM p_game AND prev."debitAmount" IS NOT DISTINCT FROM p_debit
       AND prev."creditAmount" IS NOT DISTINCT FROM p_credit THEN
      replay := prev.response;
      RETURN;
    END IF;
    PERFORM provider_refuse('DUPLICATE_TRANSACTION');
  END IF;
  SELECT u."siteCode" INTO site FROM users u WHERE u.id = p_user;
  IF site IS NULL THEN PERFORM provider_refuse('USER_NOT_FOUND'); END IF;
END $$;
