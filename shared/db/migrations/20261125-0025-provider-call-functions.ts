import type { MigrationContext } from '../migrator';

/**
 * The provider money callbacks (docs/providers.md), one database function per call: provx_bet,
 * provx_bet_result, provx_cancel, provx_jackpot, provy_bet, provy_win, provy_cancel. The API sends one
 * statement per callback (shared/domain/providers/seamless-wallet.ts runProviderCall), which runs as its
 * own transaction: any refusal raises and rolls everything back.
 *
 * Each function: the advisory locks (the referenced bet id, then the player), the stored call (a replay
 * answers its stored response; the same id with other content is DUPLICATE_TRANSACTION), the player, the
 * game, the round's bet order (locked FOR NO KEY UPDATE before the player's row: docs/decisions.md, "One
 * lock order"), the money through wallet_move (migration 0024), the order's totals, the bet detail, the
 * settlement and its post-bet outbox row, and the stored call with its answer.
 *
 * Refusals are raised with SQLSTATE PV000 (a provider refusal: MESSAGE is its name, DETAIL its detail)
 * or WL000 (a wallet refusal: MESSAGE is the wallet's reason); seamless-wallet.ts maps both.
 *
 * Answers: the API passes the success answer it would send as JSON text, built by the provider's own
 * answer function, with the string " balance " where the balance goes and " refId " where the ledger id
 * goes (ids and codes never contain spaces); provider_record fills them in, stores the answer and
 * returns it. Effective-bet weights come from the API too (p_weights, game type code -> weight, from the
 * one table in shared/domain/game/types.ts).
 */
const MAX_MONEY = '999999999999.999999';

const FUNCTIONS = `
  CREATE FUNCTION provider_refuse(p_reason TEXT, p_detail TEXT DEFAULT NULL) RETURNS VOID LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION USING ERRCODE = 'PV000', MESSAGE = p_reason, DETAIL = coalesce(p_detail, '');
  END $$;

  CREATE FUNCTION post_bet_enqueue(p_order BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM outbox_add('post-bet', 'settled', jsonb_build_object('betOrderId', p_order));
  END $$;

  -- Locks, stored call, player: replay is the stored answer of a replay, else NULL; site is the player's.
  CREATE FUNCTION provider_call_begin(p_provider TEXT, p_kind TEXT, p_tx TEXT, p_bet_tx TEXT, p_user INTEGER, p_round TEXT, p_game TEXT,
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
    SELECT * INTO prev FROM provider_transactions t WHERE t.provider = p_provider AND t.kind = p_kind AND t."transactionId" = p_tx;
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

  -- The player's site's game of that code routed to this provider (disabled or maintained ones too).
  CREATE FUNCTION provider_game(p_provider TEXT, p_site TEXT, p_game TEXT) RETURNS game_providers LANGUAGE plpgsql AS $$
  DECLARE
    g game_providers;
  BEGIN
    SELECT * INTO g FROM game_providers x WHERE x."siteCode" = p_site AND x."gameCode" = p_game AND x."providerCode" = p_provider;
    IF g.id IS NULL THEN PERFORM provider_refuse('GAME_NOT_FOUND'); END IF;
    RETURN g;
  END $$;

  CREATE FUNCTION provider_was_cancelled(p_provider TEXT, p_bet_tx TEXT) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
  BEGIN
    RETURN EXISTS (SELECT 1 FROM provider_transactions t WHERE t.provider = p_provider AND t.kind = 'cancel' AND t."betTransactionId" = p_bet_tx);
  END $$;

  CREATE FUNCTION provider_bet_call(p_provider TEXT, p_bet_tx TEXT) RETURNS provider_transactions LANGUAGE plpgsql AS $$
  DECLARE
    b provider_transactions;
  BEGIN
    SELECT * INTO b FROM provider_transactions t WHERE t.provider = p_provider AND t.kind = 'bet' AND t."transactionId" = p_bet_tx;
    RETURN b;
  END $$;

  -- The round's order, locked; all NULL when there is none.
  CREATE FUNCTION provider_round_order(p_provider TEXT, p_user INTEGER, p_site TEXT, p_round TEXT) RETURNS bet_orders LANGUAGE plpgsql AS $$
  DECLARE
    o bet_orders;
  BEGIN
    SELECT * INTO o FROM bet_orders x
     WHERE x."siteCode" = p_site AND x."providerCode" = p_provider AND x."gameNumber" = p_round AND x."userId" = p_user
       FOR NO KEY UPDATE;
    RETURN o;
  END $$;

  CREATE FUNCTION provider_order_by_id(p_order BIGINT) RETURNS bet_orders LANGUAGE plpgsql AS $$
  DECLARE
    o bet_orders;
  BEGIN
    SELECT * INTO o FROM bet_orders x WHERE x.id = p_order FOR NO KEY UPDATE;
    IF o.id IS NULL THEN PERFORM provider_refuse('BET_NOT_FOUND'); END IF;
    RETURN o;
  END $$;

  -- A new, empty, open order for the round (the round's first call), through the one bet-order writer.
  CREATE FUNCTION provider_new_order(p_provider TEXT, p_user INTEGER, p_site TEXT, g game_providers, p_round TEXT, p_product TEXT)
  RETURNS bet_orders LANGUAGE plpgsql AS $$
  BEGIN
    RETURN bet_order_write(p_site, p_user, p_provider, g."gameCode",
      left(coalesce(g.name ->> 'en-US', (SELECT value FROM jsonb_each_text(g.name) LIMIT 1), g."gameCode"), 120),
      g."gameType"::TEXT, p_provider, p_round, p_product, 0, 0, 0, 0, 0, NULL, FALSE, now());
  END $$;

  -- One movement through the wallet; a refusal is raised (WL000) and rolls the call back.
  CREATE FUNCTION provider_move(p_user INTEGER, p_amount NUMERIC, p_kind TEXT, p_key TEXT, p_provider TEXT, p_tx TEXT, p_order BIGINT,
                                OUT ledger_id BIGINT, OUT balance_after NUMERIC) LANGUAGE plpgsql AS $$
  DECLARE
    w RECORD;
  BEGIN
    SELECT * INTO w FROM wallet_move(p_user, p_amount, 0, p_kind, p_key, p_provider, p_tx, p_order, NULL, FALSE);
    IF w.refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = w.refusal; END IF;
    ledger_id := w.id;
    balance_after := w."balanceAfter";
  END $$;

  -- The order's totals (a total past MAX_MONEY is the wallet's BALANCE_OVERFLOW); status and
  -- invalidReason when p_set_status. An order the post-bet chain processed whose effective bet or status
  -- changes gets the chain again (its VIP difference).
  CREATE FUNCTION provider_totals(o bet_orders, p_bet NUMERIC, p_count INTEGER, p_win NUMERIC, p_set_status BOOLEAN, p_status TEXT,
                                  p_reason TEXT, p_weights JSONB) RETURNS bet_orders LANGUAGE plpgsql AS $$
  DECLARE
    n bet_orders;
  BEGIN
    IF abs(p_bet) > ${MAX_MONEY} OR abs(p_win) > ${MAX_MONEY} THEN
      RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = 'BALANCE_OVERFLOW';
    END IF;
    UPDATE bet_orders x SET "betAmount" = p_bet, "totalBetCount" = p_count,
           "betEffective" = round(p_bet * coalesce((p_weights ->> x."gameType")::NUMERIC, 1), 6),
           "winAmount" = p_win, "winLose" = p_win - p_bet,
           status = CASE WHEN p_set_status THEN p_status ELSE x.status END,
           "invalidReason" = CASE WHEN p_set_status THEN p_reason ELSE x."invalidReason" END,
           "updatedAt" = now()
     WHERE x.id = o.id RETURNING * INTO n;
    IF n."postProcessedAt" IS NOT NULL AND (n."betEffective" <> o."betEffective" OR n.status <> o.status) THEN
      PERFORM post_bet_enqueue(n.id);
    END IF;
    RETURN n;
  END $$;

  -- One bet-detail row per call; roundNo counts the order's details.
  CREATE FUNCTION provider_detail(p_order BIGINT, p_bet NUMERIC, p_win_lose NUMERIC, p_tx TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO bet_details ("betOrderId", "roundNo", "betAmount", "winLose", "providerTxId", "createdAt")
    SELECT p_order, count(*) + 1, p_bet, p_win_lose, p_tx, now() FROM bet_details d WHERE d."betOrderId" = p_order;
  END $$;

  -- Settled (first time) and the post-bet chain triggered, in this transaction.
  CREATE FUNCTION provider_settle(p_order BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE bet_orders x SET settled = TRUE, "settledAt" = now(), "updatedAt" = now() WHERE x.id = p_order AND NOT x.settled;
    PERFORM post_bet_enqueue(p_order);
  END $$;

  -- Refunds a recorded bet once (key <provider>:cancel:<bet id>), takes it off its order (an order left
  -- without bets becomes cancelled), marks the bet cancelled and writes the cancel's detail line.
  CREATE FUNCTION provider_refund(b provider_transactions, o bet_orders, p_tx TEXT, p_weights JSONB, OUT ledger_id BIGINT, OUT balance_after NUMERIC)
  LANGUAGE plpgsql AS $$
  DECLARE
    amount NUMERIC := coalesce(b."debitAmount", 0);
    bets INTEGER := greatest(o."totalBetCount" - 1, 0);
  BEGIN
    SELECT * INTO ledger_id, balance_after FROM provider_move(b."userId", amount, 'cancel', b.provider || ':cancel:' || b."transactionId", b.provider, b."transactionId", o.id);
    PERFORM provider_totals(o, greatest(o."betAmount" - amount, 0), bets, o."winAmount", bets = 0, 'cancelled', 'cancelled', p_weights);
    UPDATE provider_transactions SET status = 'cancelled', "updatedAt" = now() WHERE id = b.id;
    PERFORM provider_detail(o.id, -amount, amount, p_tx);
  END $$;

  -- Records the call with its answer (the template with the balance and ledger id filled in) and returns the answer.
  CREATE FUNCTION provider_record(p_provider TEXT, p_kind TEXT, p_tx TEXT, p_bet_tx TEXT, p_site TEXT, p_user INTEGER, p_round TEXT, p_game TEXT,
                                  p_debit NUMERIC, p_credit NUMERIC, p_status TEXT, p_order BIGINT, p_answer TEXT, p_balance NUMERIC, p_ledger BIGINT)
  RETURNS JSON LANGUAGE plpgsql AS $$
  DECLARE
    answer JSON := replace(replace(p_answer, '" balance "', to_json(p_balance::TEXT)::TEXT), '" refId "', coalesce(to_json(p_ledger::TEXT)::TEXT, 'null'))::JSON;
  BEGIN
    INSERT INTO provider_transactions (provider, kind, "transactionId", "betTransactionId", "siteCode", "userId", "roundId", "gameCode",
                                       "debitAmount", "creditAmount", status, "betOrderId", response)
    VALUES (p_provider, p_kind, p_tx, p_bet_tx, p_site, p_user, p_round, p_game, p_debit, p_credit, p_status, p_order, answer);
    RETURN answer;
  END $$;

  -- provx Bet: debits the bet and adds it to the round's open order.
  CREATE FUNCTION provx_bet(p_tx TEXT, p_round TEXT, p_user INTEGER, p_game TEXT, p_amount NUMERIC, p_answer TEXT, p_weights JSONB,
                            OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
  DECLARE
    c RECORD; g game_providers; o bet_orders; m RECORD;
  BEGIN
    SELECT * INTO c FROM provider_call_begin('provx', 'bet', p_tx, NULL, p_user, p_round, p_game, p_amount, NULL);
    IF c.replay IS NOT NULL THEN response := c.replay; moved := '{}'; RETURN; END IF;
    IF provider_was_cancelled('provx', p_tx) THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
    g := provider_game('provx', c.site, p_game);
    SELECT * INTO o FROM provider_round_order('provx', p_user, c.site, p_round);
    IF o.settled THEN PERFORM provider_refuse('ROUND_SETTLED'); END IF;
    IF o.id IS NULL THEN SELECT * INTO o FROM provider_new_order('provx', p_user, c.site, g, p_round, NULL); END IF;
    SELECT * INTO m FROM provider_move(p_user, -p_amount, 'bet', 'provx:bet:' || p_tx, 'provx', p_tx, o.id);
    SELECT * INTO o FROM provider_totals(o, o."betAmount" + p_amount, o."totalBetCount" + 1, o."winAmount", TRUE, 'valid', NULL, p_weights);
    PERFORM provider_detail(o.id, p_amount, -p_amount, p_tx);
    response := provider_record('provx', 'bet', p_tx, NULL, c.site, p_user, p_round, p_game, p_amount, NULL, 'open', o.id, p_answer, m.balance_after, m.ledger_id);
    moved := ARRAY['bet'];
  END $$;

  -- provx BetResult: credits the win (a round without bets debits betAmount first), settles the round's
  -- bets and the order, post-bet chain.
  CREATE FUNCTION provx_bet_result(p_tx TEXT, p_round TEXT, p_user INTEGER, p_game TEXT, p_bet NUMERIC, p_win NUMERIC, p_answer TEXT, p_weights JSONB,
                                   OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
  DECLARE
    c RECORD; g game_providers; o bet_orders; m RECORD; debited NUMERIC := 0;
  BEGIN
    moved := '{}';
    SELECT * INTO c FROM provider_call_begin('provx', 'result', p_tx, NULL, p_user, p_round, p_game, p_bet, p_win);
    IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
    g := provider_game('provx', c.site, p_game);
    SELECT * INTO o FROM provider_round_order('provx', p_user, c.site, p_round);
    IF o.id IS NULL OR o."totalBetCount" = 0 THEN
      IF o.status = 'cancelled' THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
      IF p_bet IS NULL THEN PERFORM provider_refuse('BET_NOT_FOUND'); END IF;
      IF o.id IS NULL THEN SELECT * INTO o FROM provider_new_order('provx', p_user, c.site, g, p_round, NULL); END IF;
      PERFORM provider_move(p_user, -p_bet, 'bet', 'provx:result-bet:' || p_tx, 'provx', p_tx, o.id);
      SELECT * INTO o FROM provider_totals(o, o."betAmount" + p_bet, o."totalBetCount" + 1, o."winAmount", TRUE, 'valid', NULL, p_weights);
      moved := moved || 'bet'::TEXT;
      debited := p_bet;
    END IF;
    SELECT * INTO m FROM provider_move(p_user, p_win, 'win', 'provx:result:' || p_tx, 'provx', p_tx, o.id);
    SELECT * INTO o FROM provider_totals(o, o."betAmount", o."totalBetCount", o."winAmount" + p_win, FALSE, NULL, NULL, p_weights);
    moved := moved || 'win'::TEXT;
    PERFORM provider_detail(o.id, debited, p_win - debited, p_tx);
    UPDATE provider_transactions t SET status = 'settled', "updatedAt" = now()
     WHERE t.provider = 'provx' AND t.kind = 'bet' AND t."userId" = p_user AND t."roundId" = p_round AND t.status = 'open';
    PERFORM provider_settle(o.id);
    response := provider_record('provx', 'result', p_tx, NULL, c.site, p_user, p_round, p_game, p_bet, p_win, 'done', o.id, p_answer, m.balance_after, m.ledger_id);
  END $$;

  -- provx CancelBet (p_tx is the bet's id): refunds a bet of an unsettled round once; an unknown bet
  -- leaves a tombstone (p_plain: the answer without refId).
  CREATE FUNCTION provx_cancel(p_tx TEXT, p_round TEXT, p_user INTEGER, p_answer TEXT, p_plain TEXT, p_weights JSONB,
                               OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
  DECLARE
    c RECORD; b provider_transactions; o bet_orders; m RECORD;
  BEGIN
    moved := '{}';
    SELECT * INTO c FROM provider_call_begin('provx', 'cancel', p_tx, p_tx, p_user, p_round, NULL, NULL, NULL);
    IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
    b := provider_bet_call('provx', p_tx);
    IF b.id IS NULL THEN
      response := provider_record('provx', 'cancel', p_tx, p_tx, c.site, p_user, p_round, NULL, NULL, NULL, 'tombstone', NULL, p_plain,
                                  (SELECT balance FROM users WHERE id = p_user), NULL);
      RETURN;
    END IF;
    IF b."userId" <> p_user OR b."roundId" IS DISTINCT FROM p_round THEN
      PERFORM provider_refuse('DUPLICATE_TRANSACTION', 'the bet belongs to another player or round');
    END IF;
    IF b.status = 'settled' THEN PERFORM provider_refuse('ROUND_SETTLED'); END IF;
    o := provider_order_by_id(b."betOrderId");
    IF o.settled THEN PERFORM provider_refuse('ROUND_SETTLED'); END IF;
    SELECT * INTO m FROM provider_refund(b, o, p_tx, p_weights);
    moved := ARRAY['cancel'];
    response := provider_record('provx', 'cancel', p_tx, p_tx, c.site, p_user, p_round, NULL, NULL, NULL, 'done', o.id, p_answer, m.balance_after, m.ledger_id);
  END $$;

  -- provx JackpotResult: credits the round's order (an unknown round with gameCode: a settled order without bets, no chain).
  CREATE FUNCTION provx_jackpot(p_tx TEXT, p_round TEXT, p_user INTEGER, p_game TEXT, p_amount NUMERIC, p_answer TEXT, p_weights JSONB,
                                OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
  DECLARE
    c RECORD; g game_providers; o bet_orders; m RECORD;
  BEGIN
    moved := '{}';
    SELECT * INTO c FROM provider_call_begin('provx', 'jackpot', p_tx, NULL, p_user, p_round, p_game, NULL, p_amount);
    IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
    IF p_game IS NOT NULL THEN g := provider_game('provx', c.site, p_game); END IF;
    SELECT * INTO o FROM provider_round_order('provx', p_user, c.site, p_round);
    IF o.status = 'cancelled' THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
    IF o.id IS NULL THEN
      IF p_game IS NULL THEN PERFORM provider_refuse('BET_NOT_FOUND', 'unknown round: gameCode is required'); END IF;
      SELECT * INTO o FROM provider_new_order('provx', p_user, c.site, g, p_round, NULL);
      UPDATE bet_orders x SET settled = TRUE, "settledAt" = now(), "updatedAt" = now() WHERE x.id = o.id RETURNING * INTO o;
    END IF;
    SELECT * INTO m FROM provider_move(p_user, p_amount, 'jackpot', 'provx:jackpot:' || p_tx, 'provx', p_tx, o.id);
    PERFORM provider_totals(o, o."betAmount", o."totalBetCount", o."winAmount" + p_amount, FALSE, NULL, NULL, p_weights);
    moved := ARRAY['jackpot'];
    PERFORM provider_detail(o.id, 0, p_amount, p_tx);
    response := provider_record('provx', 'jackpot', p_tx, NULL, c.site, p_user, p_round, p_game, NULL, p_amount, 'done', o.id, p_answer, m.balance_after, m.ledger_id);
  END $$;

  -- provy bet: debits the bet (and credits its win when given), settles the order, post-bet chain.
  CREATE FUNCTION provy_bet(p_tx TEXT, p_round TEXT, p_user INTEGER, p_game TEXT, p_product TEXT, p_bet NUMERIC, p_win NUMERIC, p_answer TEXT,
                            p_weights JSONB, OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
  DECLARE
    c RECORD; g game_providers; o bet_orders; m RECORD;
  BEGIN
    moved := '{}';
    SELECT * INTO c FROM provider_call_begin('provy', 'bet', p_tx, NULL, p_user, p_round, p_game, p_bet, p_win);
    IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
    IF provider_was_cancelled('provy', p_tx) THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
    g := provider_game('provy', c.site, p_game);
    SELECT * INTO o FROM provider_round_order('provy', p_user, c.site, p_round);
    IF o.id IS NULL THEN SELECT * INTO o FROM provider_new_order('provy', p_user, c.site, g, p_round, p_product); END IF;
    SELECT * INTO m FROM provider_move(p_user, -p_bet, 'bet', 'provy:bet:' || p_tx, 'provy', p_tx, o.id);
    SELECT * INTO o FROM provider_totals(o, o."betAmount" + p_bet, o."totalBetCount" + 1, o."winAmount", TRUE, 'valid', NULL, p_weights);
    moved := ARRAY['bet'];
    IF p_win IS NOT NULL THEN
      SELECT * INTO m FROM provider_move(p_user, p_win, 'win', 'provy:bet-win:' || p_tx, 'provy', p_tx, o.id);
      SELECT * INTO o FROM provider_totals(o, o."betAmount", o."totalBetCount", o."winAmount" + p_win, FALSE, NULL, NULL, p_weights);
      moved := moved || 'win'::TEXT;
    END IF;
    PERFORM provider_detail(o.id, p_bet, coalesce(p_win, 0) - p_bet, p_tx);
    PERFORM provider_settle(o.id);
    response := provider_record('provy', 'bet', p_tx, NULL, c.site, p_user, p_round, p_game, p_bet, p_win,
                                CASE WHEN p_win IS NULL THEN 'open' ELSE 'settled' END, o.id, p_answer, m.balance_after, m.ledger_id);
  END $$;

  -- provy win: credits a recorded bet's order; the bet can no longer be cancelled; post-bet chain.
  CREATE FUNCTION provy_win(p_tx TEXT, p_bet_tx TEXT, p_round TEXT, p_user INTEGER, p_amount NUMERIC, p_answer TEXT, p_weights JSONB,
                            OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
  DECLARE
    c RECORD; b provider_transactions; o bet_orders; m RECORD;
  BEGIN
    moved := '{}';
    SELECT * INTO c FROM provider_call_begin('provy', 'win', p_tx, p_bet_tx, p_user, p_round, NULL, NULL, p_amount);
    IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
    b := provider_bet_call('provy', p_bet_tx);
    IF b.id IS NULL OR b."userId" <> p_user OR b."roundId" IS DISTINCT FROM p_round THEN
      IF b.id IS NULL AND provider_was_cancelled('provy', p_bet_tx) THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
      PERFORM provider_refuse('BET_NOT_FOUND');
    END IF;
    IF b.status = 'cancelled' THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
    o := provider_order_by_id(b."betOrderId");
    SELECT * INTO m FROM provider_move(p_user, p_amount, 'win', 'provy:win:' || p_tx, 'provy', p_tx, o.id);
    PERFORM provider_totals(o, o."betAmount", o."totalBetCount", o."winAmount" + p_amount, FALSE, NULL, NULL, p_weights);
    moved := ARRAY['win'];
    PERFORM provider_detail(o.id, 0, p_amount, p_tx);
    IF b.status = 'open' THEN UPDATE provider_transactions SET status = 'settled', "updatedAt" = now() WHERE id = b.id; END IF;
    PERFORM provider_settle(o.id);
    response := provider_record('provy', 'win', p_tx, p_bet_tx, c.site, p_user, p_round, NULL, NULL, p_amount, 'done', o.id, p_answer, m.balance_after, m.ledger_id);
  END $$;

  -- provy cancelBet: refunds a bet without a win once; an unknown bet leaves a tombstone; a cancelled
  -- bet's further cancels succeed without moving money (the order is locked first all the same).
  CREATE FUNCTION provy_cancel(p_tx TEXT, p_bet_tx TEXT, p_user INTEGER, p_answer TEXT, p_plain TEXT, p_weights JSONB,
                               OUT response JSON, OUT moved TEXT[]) LANGUAGE plpgsql AS $$
  DECLARE
    c RECORD; b provider_transactions; o bet_orders; m RECORD;
  BEGIN
    moved := '{}';
    SELECT * INTO c FROM provider_call_begin('provy', 'cancel', p_tx, p_bet_tx, p_user, NULL, NULL, NULL, NULL);
    IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
    b := provider_bet_call('provy', p_bet_tx);
    IF b.id IS NULL THEN
      response := provider_record('provy', 'cancel', p_tx, p_bet_tx, c.site, p_user, NULL, NULL, NULL, NULL, 'tombstone', NULL, p_plain,
                                  (SELECT balance FROM users WHERE id = p_user), NULL);
      RETURN;
    END IF;
    IF b."userId" <> p_user THEN PERFORM provider_refuse('DUPLICATE_TRANSACTION', 'the bet belongs to another player'); END IF;
    IF b.status = 'settled' THEN PERFORM provider_refuse('ROUND_SETTLED'); END IF;
    o := provider_order_by_id(b."betOrderId");
    IF b.status = 'cancelled' THEN
      response := provider_record('provy', 'cancel', p_tx, p_bet_tx, c.site, p_user, NULL, NULL, NULL, NULL, 'done', o.id, p_plain,
                                  (SELECT balance FROM users WHERE id = p_user), NULL);
      RETURN;
    END IF;
    SELECT * INTO m FROM provider_refund(b, o, p_tx, p_weights);
    moved := ARRAY['cancel'];
    response := provider_record('provy', 'cancel', p_tx, p_bet_tx, c.site, p_user, NULL, NULL, NULL, NULL, 'done', o.id, p_answer, m.balance_after, m.ledger_id);
  END $$;
`;

const SIGNATURES = [
  'provy_cancel(TEXT, TEXT, INTEGER, TEXT, TEXT, JSONB)',
  'provy_win(TEXT, TEXT, TEXT, INTEGER, NUMERIC, TEXT, JSONB)',
  'provy_bet(TEXT, TEXT, INTEGER, TEXT, TEXT, NUMERIC, NUMERIC, TEXT, JSONB)',
  'provx_jackpot(TEXT, TEXT, INTEGER, TEXT, NUMERIC, TEXT, JSONB)',
  'provx_cancel(TEXT, TEXT, INTEGER, TEXT, TEXT, JSONB)',
  'provx_bet_result(TEXT, TEXT, INTEGER, TEXT, NUMERIC, NUMERIC, TEXT, JSONB)',
  'provx_bet(TEXT, TEXT, INTEGER, TEXT, NUMERIC, TEXT, JSONB)',
  'provider_record(TEXT, TEXT, TEXT, TEXT, TEXT, INTEGER, TEXT, TEXT, NUMERIC, NUMERIC, TEXT, BIGINT, TEXT, NUMERIC, BIGINT)',
  'provider_refund(provider_transactions, bet_orders, TEXT, JSONB)',
  'provider_settle(BIGINT)',
  'provider_detail(BIGINT, NUMERIC, NUMERIC, TEXT)',
  'provider_totals(bet_orders, NUMERIC, INTEGER, NUMERIC, BOOLEAN, TEXT, TEXT, JSONB)',
  'provider_move(INTEGER, NUMERIC, TEXT, TEXT, TEXT, TEXT, BIGINT)',
  'provider_new_order(TEXT, INTEGER, TEXT, game_providers, TEXT, TEXT)',
  'provider_order_by_id(BIGINT)',
  'provider_round_order(TEXT, INTEGER, TEXT, TEXT)',
  'provider_bet_call(TEXT, TEXT)',
  'provider_was_cancelled(TEXT, TEXT)',
  'provider_game(TEXT, TEXT, TEXT)',
  'provider_call_begin(TEXT, TEXT, TEXT, TEXT, INTEGER, TEXT, TEXT, NUMERIC, NUMERIC)',
  'post_bet_enqueue(BIGINT)',
  'provider_refuse(TEXT, TEXT)',
];

export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(FUNCTIONS);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(SIGNATURES.map((s) => `DROP FUNCTION IF EXISTS ${s};`).join('\n'));
}
