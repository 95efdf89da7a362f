-- A new order for the round, through the one bet-order writer: empty and open (the defaults), or with
-- its first totals, settled, and the detail line of the call p_detail_tx (docs/decisions/providers.md, "A provy bet
-- that opens its round writes its order once").
CREATE OR REPLACE FUNCTION provider_new_order(p_provider TEXT, p_user INTEGER, p_site TEXT, g game_providers, p_round TEXT, p_product TEXT,
                                              p_count INTEGER DEFAULT 0, p_bet NUMERIC DEFAULT 0, p_effective NUMERIC DEFAULT 0,
                                              p_win NUMERIC DEFAULT 0, p_settled BOOLEAN DEFAULT FALSE, p_detail_tx TEXT DEFAULT NULL)
RETURNS bet_orders LANGUAGE plpgsql AS $$
BEGIN
  RETURN bet_order_write(p_site, p_user, p_provider, g."gameCode", left(coalesce(g.name ->> 'en-US', (SELECT value FROM jsonb_each_text(g.name) LIMIT 1), g."gameCode"), 120),
    g."gameType"::TEXT, p_provider, p_round, p_product,
    p_count, p_bet, p_effective, p_win, p_win - p_bet, NULL, p_settled, now(),
    CASE WHEN p_detail_tx IS NOT NULL THEN p_bet END, CASE WHEN p_detail_tx IS NOT NULL THEN p_win - p_bet END, p_detail_tx);
END $$;
