-- The rules of a wallet movement, each written once (docs/decisions/wallet.md, "The wallet's rules, once, in
-- SQL"): wallet_move (move-balance.sql) applies them to one movement, creditFromQuery
-- (shared/domain/wallet/credit-from-query.ts) to a whole set of credits in its set-based statements.
-- Each answers the refusal (a WalletError reason of shared/domain/wallet/wallet.ts), or NULL when the
-- rule holds. IMMUTABLE LANGUAGE sql: the planner inlines them into the calling statement, so they cost
-- what the expressions cost, nothing per call.

-- An amount of money (signed: a debit is negative): at most 6 decimals and at most money_max() in size.
-- NULL, NaN and the infinities are no amount.
CREATE OR REPLACE FUNCTION wallet_amount_refusal(p_amount NUMERIC) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN abs(p_amount) <= money_max() AND p_amount = trunc(p_amount, 6) THEN NULL ELSE 'INVALID_AMOUNT' END
$$;

-- A user's balance and frozen balance after a movement: each stays within 0..money_max().
CREATE OR REPLACE FUNCTION wallet_balance_refusal(p_balance NUMERIC, p_frozen NUMERIC) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_balance < 0 THEN 'INSUFFICIENT_FUNDS'
              WHEN p_frozen < 0 THEN 'INSUFFICIENT_FROZEN'
              WHEN p_balance > money_max() OR p_frozen > money_max() THEN 'BALANCE_OVERFLOW' END
$$;

-- A key already in the ledger (its row's user and amount) replays only the same movement: the same user
-- and the same amount.
CREATE OR REPLACE FUNCTION wallet_replay_refusal(p_user INTEGER, p_amount NUMERIC, p_ledger_user INTEGER, p_ledger_amount NUMERIC)
RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_ledger_user <> p_user OR p_ledger_amount <> p_amount THEN 'IDEMPOTENCY_CONFLICT' END
$$;
