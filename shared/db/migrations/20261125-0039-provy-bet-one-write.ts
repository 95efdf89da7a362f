import type { MigrationContext } from '../migrator';

/**
 * A provy bet that opens its round writes its order once (docs/history/performance-log.md, "Provider
 * callbacks: the machine's CPU per callback"). Before, it went the general way: an empty open order, the
 * totals as an update, the detail as an insert that counts the order's details, and the settlement as a
 * second update. Now `provider_new_order` takes the order's first totals, its settlement and its detail
 * line, and writes them in its one insert (bet_order_write). `provy_bet` takes that way when the round
 * has no order yet and the amounts fit the money columns; otherwise (a second bet in the round, or an
 * amount the wallet will refuse) it goes the general way, whose bet and win now share one totals update.
 * The rows, the answers and the refusals are the same either way (a refusal rolls everything back). The
 * effective-bet rule is one function, `provider_effective`, which `provider_totals` uses too.
 */
const MAX_MONEY = '999999999999.999999';

const NAME = `left(coalesce(g.name ->> 'en-US', (SELECT value FROM jsonb_each_text(g.name) LIMIT 1), g."gameCode"), 120)`;

const TOTALS = (effective: string) => `
  CREATE OR REPLACE FUNCTION provider_totals(o bet_orders, p_bet NUMERIC, p_count INTEGER, p_win NUMERIC, p_set_status BOOLEAN, p_status TEXT,
                                             p_reason TEXT, p_weights JSONB) RETURNS bet_orders LANGUAGE plpgsql AS $$
  DECLARE
    n bet_orders;
  BEGIN
    IF abs(p_bet) > ${MAX_MONEY} OR abs(p_win) > ${MAX_MONEY} THEN
      RAISE EXCEPTION USING ERRCODE = 'WL000', MESSAGE = 'BALANCE_OVERFLOW';
    END IF;
    UPDATE bet_orders x SET "betAmount" = p_bet, "totalBetCount" = p_count,
           "betEffective" = ${effective},
           "winAmount" = p_win, "winLose" = p_win - p_bet,
           status = CASE WHEN p_set_status THEN p_status ELSE x.status END,
           "invalidReason" = CASE WHEN p_set_status THEN p_reason ELSE x."invalidReason" END,
           "updatedAt" = now()
     WHERE x.id = o.id RETURNING * INTO n;
    IF n."postProcessedAt" IS NOT NULL AND (n."betEffective" <> o."betEffective" OR n.status <> o.status) THEN
      PERFORM post_bet_enqueue(n.id);
    END IF;
    RETURN n;
  END $$;`;

const PROVY_BET_SIGNATURE = `provy_bet(p_tx TEXT, p_round TEXT, p_user INTEGER, p_game TEXT, p_product TEXT, p_bet NUMERIC, p_win NUMERIC, p_answer TEXT,
                                       p_weights JSONB, OUT response JSON, OUT moved TEXT[])`;

/** The common opening of provy_bet: the stored call, a cancelled id, the game, the round's order (locked). */
const PROVY_BET_OPENING = `  CREATE OR REPLACE FUNCTION ${PROVY_BET_SIGNATURE} LANGUAGE plpgsql AS $$
  DECLARE
    c RECORD; g game_providers; o bet_orders; m RECORD; born BOOLEAN := FALSE;
  BEGIN
    moved := '{}';
    SELECT * INTO c FROM provider_call_begin('provy', 'bet', p_tx, NULL, p_user, p_round, p_game, p_bet, p_win);
    IF c.replay IS NOT NULL THEN response := c.replay; RETURN; END IF;
    IF provider_was_cancelled('provy', p_tx) THEN PERFORM provider_refuse('TRANSACTION_CANCELLED'); END IF;
    g := provider_game('provy', c.site, p_game);
    SELECT * INTO o FROM provider_round_order('provy', p_user, c.site, p_round);`;

/**
 * provy bet: a round without an order gets it written once, settled, with its detail line (when the
 * amounts fit the money columns); a round with one gets its totals, detail and settlement as before.
 * Then the money, and the stored call.
 */
const PROVY_BET = `
${PROVY_BET_OPENING}
    IF o.id IS NULL AND p_bet <= ${MAX_MONEY} AND coalesce(p_win, 0) <= ${MAX_MONEY} THEN
      SELECT * INTO o FROM provider_new_order('provy', p_user, c.site, g, p_round, p_product, 1, p_bet,
                                              provider_effective(p_bet, g."gameType"::TEXT, p_weights), coalesce(p_win, 0), TRUE, p_tx);
      PERFORM post_bet_enqueue(o.id);
      born := TRUE;
    ELSIF o.id IS NULL THEN
      SELECT * INTO o FROM provider_new_order('provy', p_user, c.site, g, p_round, p_product);
    END IF;
    SELECT * INTO m FROM provider_move(p_user, -p_bet, 'bet', 'provy:bet:' || p_tx, 'provy', p_tx, o.id);
    moved := ARRAY['bet'];
    IF p_win IS NOT NULL THEN
      SELECT * INTO m FROM provider_move(p_user, p_win, 'win', 'provy:bet-win:' || p_tx, 'provy', p_tx, o.id);
      moved := moved || 'win'::TEXT;
    END IF;
    IF NOT born THEN
      SELECT * INTO o FROM provider_totals(o, o."betAmount" + p_bet, o."totalBetCount" + 1, o."winAmount" + coalesce(p_win, 0), TRUE, 'valid', NULL, p_weights);
      PERFORM provider_detail(o.id, p_bet, coalesce(p_win, 0) - p_bet, p_tx);
      PERFORM provider_settle(o.id);
    END IF;
    response := provider_record('provy', 'bet', p_tx, NULL, c.site, p_user, p_round, p_game, p_bet, p_win,
                                CASE WHEN p_win IS NULL THEN 'open' ELSE 'settled' END, o.id, p_answer, m.balance_after, m.ledger_id);
  END $$;`;

/** provy_bet as migration 0025 wrote it (for down; the shared opening declares `born`, unused here). */
const PROVY_BET_0025 = `
${PROVY_BET_OPENING}
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
  END $$;`;

export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE FUNCTION provider_effective(p_bet NUMERIC, p_game_type TEXT, p_weights JSONB) RETURNS NUMERIC LANGUAGE sql IMMUTABLE AS $$
      SELECT round(p_bet * coalesce((p_weights ->> p_game_type)::NUMERIC, 1), 6)
    $$;
    ${TOTALS('provider_effective(p_bet, x."gameType", p_weights)')}

    DROP FUNCTION provider_new_order(TEXT, INTEGER, TEXT, game_providers, TEXT, TEXT);
    -- A new order for the round, through the one bet-order writer: empty and open (the defaults), or with
    -- its first totals, settled, and the detail line of the call p_detail_tx.
    CREATE FUNCTION provider_new_order(p_provider TEXT, p_user INTEGER, p_site TEXT, g game_providers, p_round TEXT, p_product TEXT,
                                       p_count INTEGER DEFAULT 0, p_bet NUMERIC DEFAULT 0, p_effective NUMERIC DEFAULT 0,
                                       p_win NUMERIC DEFAULT 0, p_settled BOOLEAN DEFAULT FALSE, p_detail_tx TEXT DEFAULT NULL)
    RETURNS bet_orders LANGUAGE plpgsql AS $$
    BEGIN
      RETURN bet_order_write(p_site, p_user, p_provider, g."gameCode", ${NAME}, g."gameType"::TEXT, p_provider, p_round, p_product,
        p_count, p_bet, p_effective, p_win, p_win - p_bet, NULL, p_settled, now(),
        CASE WHEN p_detail_tx IS NOT NULL THEN p_bet END, CASE WHEN p_detail_tx IS NOT NULL THEN p_win - p_bet END, p_detail_tx);
    END $$;
    ${PROVY_BET}
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ${PROVY_BET_0025}
    DROP FUNCTION provider_new_order(TEXT, INTEGER, TEXT, game_providers, TEXT, TEXT, INTEGER, NUMERIC, NUMERIC, NUMERIC, BOOLEAN, TEXT);
    CREATE FUNCTION provider_new_order(p_provider TEXT, p_user INTEGER, p_site TEXT, g game_providers, p_round TEXT, p_product TEXT)
    RETURNS bet_orders LANGUAGE plpgsql AS $$
    BEGIN
      RETURN bet_order_write(p_site, p_user, p_provider, g."gameCode", ${NAME}, g."gameType"::TEXT, p_provider, p_round, p_product,
        0, 0, 0, 0, 0, NULL, FALSE, now());
    END $$;
    ${TOTALS(`round(p_bet * coalesce((p_weights ->> x."gameType")::NUMERIC, 1), 6)`)}
    DROP FUNCTION provider_effective(NUMERIC, TEXT, JSONB);
  `);
}
