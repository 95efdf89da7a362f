-- The provider calls' money when a player has bonus money (docs/decisions/bonus.md, "Provider callbacks
-- play cash plus bonus"; docs/providers.md, "Bonus money"): the one rule of a bet with bonus money
-- (shared/db/functions/bonus/round.sql) spread over a round's separate calls. The cash part of every
-- movement goes through provider_move (0 included: the call keeps its cash ledger row and its refId), which
-- player protection counts at the whole amount; a player without a grant moves exactly what a cash-only
-- call moves. The balance a call answers is cash plus bonus (provider_playable).

-- The playable balance a provider sees: cash plus bonus.
CREATE OR REPLACE FUNCTION provider_playable(p_user INTEGER) RETURNS NUMERIC LANGUAGE sql STABLE AS $$
  SELECT x.balance + x."bonusBalance" FROM users x WHERE x.id = p_user
$$;

-- A bet's stake (provx Bet, a provx BetResult that debits its betAmount, provy bet), under key p_key in
-- both ledgers: bonus_stake (max bet BONUS_MAX_BET, cash first then bonus, the wagering), the cash part,
-- then, with an active grant, the conversion when this stake completed the wagering (bonus_settle; a
-- grant spent to zero stays active: the round's win may still bring bonus money back).
CREATE OR REPLACE FUNCTION provider_stake(p_site TEXT, p_user INTEGER, p_game_type TEXT, p_amount NUMERIC, p_key TEXT, p_provider TEXT, p_tx TEXT,
                                          p_order BIGINT, OUT ledger_id BIGINT, OUT balance_after NUMERIC) LANGUAGE plpgsql AS $$
DECLARE
  s RECORD; m RECORD;
BEGIN
  SELECT * INTO s FROM bonus_stake(p_site, p_user, p_game_type, p_amount, p_key, p_order, NULL);
  IF s.refusal = 'maxBet' THEN
    PERFORM provider_refuse('BONUS_MAX_BET', 'the stake is above the active bonus max bet of ' || round(s.max_bet, 6)::TEXT);
  END IF;
  IF s.refusal IS NOT NULL THEN RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = s.refusal; END IF;
  SELECT * INTO m FROM provider_move(p_user, -s.cash_bet, 'bet', p_key, p_provider, p_tx, p_order, -p_amount);
  ledger_id := m.ledger_id;
  balance_after := m.balance_after;
  IF s.grant_id IS NOT NULL THEN
    PERFORM bonus_settle(s.grant_id, p_order, FALSE);
    balance_after := provider_playable(p_user);
  END IF;
END $$;

-- A credit to round p_order (a win, a result, a jackpot) of p_amount, whose stakes so far are p_stakes:
-- each grant whose bonus money the round staked (its bonus-bet rows less their refunds) gets its share
-- in the stake's proportion (bonus_win_share; bonus_credit: an active grant keeps it, a converted one
-- converts it, an ended one forfeits it), cash gets the rest. The caller holds the order's row lock, under
-- which every bonus row of the round is written, so the stakes read here are settled.
CREATE OR REPLACE FUNCTION provider_credit(p_user INTEGER, p_order BIGINT, p_stakes NUMERIC, p_amount NUMERIC, p_kind TEXT, p_key TEXT, p_provider TEXT,
                                           p_tx TEXT, OUT ledger_id BIGINT, OUT balance_after NUMERIC) LANGUAGE plpgsql AS $$
DECLARE
  r RECORD; m RECORD; share NUMERIC; shares NUMERIC := 0; grants BIGINT[] := '{}'; amounts NUMERIC[] := '{}';
BEGIN
  FOR r IN SELECT b."grantId", -sum(b.amount) AS stake FROM bonus_ledger b
            WHERE b."betOrderId" = p_order AND b.kind IN ('bonus-bet', 'bonus-cancel') GROUP BY b."grantId" ORDER BY b."grantId" LOOP
    share := least(bonus_win_share(p_amount, r.stake, p_stakes), p_amount - shares);
    IF share > 0 THEN
      grants := grants || r."grantId";
      amounts := amounts || share;
      shares := shares + share;
    END IF;
  END LOOP;
  SELECT * INTO m FROM provider_move(p_user, p_amount - shares, p_kind, p_key, p_provider, p_tx, p_order, p_amount);
  FOR i IN 1 .. coalesce(array_length(grants, 1), 0) LOOP
    PERFORM bonus_credit(grants[i], amounts[i], 'bonus-win', p_key || CASE WHEN i > 1 THEN ':' || i ELSE '' END, p_order, NULL, TRUE);
  END LOOP;
  ledger_id := m.ledger_id;
  balance_after := provider_playable(p_user);
END $$;

-- A refund of recorded bet b of order o (a cancel), under key <provider>:cancel:<bet id> in both ledgers:
-- the bet's bonus share (its bonus-bet row, key <provider>:bet:<bet id>) returns to its grant
-- (bonus-cancel; a grant that has ended forfeits it at once, never to cash), cash gets the rest; the
-- wagering the stake added to the player's active grant is taken back (bonus_unwager).
CREATE OR REPLACE FUNCTION provider_unstake(b provider_transactions, o bet_orders, p_amount NUMERIC, OUT ledger_id BIGINT, OUT balance_after NUMERIC)
LANGUAGE plpgsql AS $$
DECLARE
  r bonus_ledger; share NUMERIC; key TEXT := b.provider || ':cancel:' || b."transactionId"; m RECORD;
BEGIN
  SELECT * INTO r FROM bonus_ledger x WHERE x."idempotencyKey" = b.provider || ':bet:' || b."transactionId" AND x.kind = 'bonus-bet';
  share := coalesce(-r.amount, 0);
  SELECT * INTO m FROM provider_move(b."userId", p_amount - share, 'cancel', key, b.provider, b."transactionId", o.id, p_amount);
  IF share > 0 THEN PERFORM bonus_credit(r."grantId", share, 'bonus-cancel', key, o.id, NULL, FALSE); END IF;
  PERFORM bonus_unwager(b."userId", o."siteCode", o."gameType", p_amount, b."createdAt");
  ledger_id := m.ledger_id;
  balance_after := provider_playable(b."userId");
END $$;
