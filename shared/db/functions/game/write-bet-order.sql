-- bet_order_write: the one bet-order writer, for a simulate round and the provider callbacks' new
-- orders: the order (status valid; settledAt = p_at when settled) and, when p_detail_bet is given, its
-- first bet-detail line.
CREATE OR REPLACE FUNCTION bet_order_write(p_site TEXT, p_user INTEGER, p_provider TEXT, p_game_code TEXT, p_game_name TEXT, p_game_type TEXT,
                                           p_platform TEXT, p_game_number TEXT, p_product TEXT, p_count INTEGER, p_bet NUMERIC, p_effective NUMERIC,
                                           p_win NUMERIC, p_win_lose NUMERIC, p_multiplier NUMERIC, p_settled BOOLEAN, p_at TIMESTAMPTZ,
                                           p_detail_bet NUMERIC DEFAULT NULL, p_detail_win_lose NUMERIC DEFAULT NULL, p_detail_tx TEXT DEFAULT NULL)
RETURNS bet_orders LANGUAGE plpgsql AS $$
DECLARE
  o bet_orders;
BEGIN
  INSERT INTO bet_orders ("siteCode", "userId", "providerCode", "gameCode", "gameName", "gameType", "gamePlatform", "gameNumber", "productId",
                          "totalBetCount", "betAmount", "betEffective", "winAmount", "winLose", multiplier, status, settled,
                          "betDatetime", "settledAt", "createdAt", "updatedAt")
  VALUES (p_site, p_user, p_provider, p_game_code, p_game_name, p_game_type, p_platform, p_game_number, p_product,
          p_count, p_bet, p_effective, p_win, p_win_lose, p_multiplier, 'valid', p_settled,
          p_at, CASE WHEN p_settled THEN p_at END, p_at, p_at)
  RETURNING * INTO o;
  IF p_detail_bet IS NOT NULL THEN
    INSERT INTO bet_details ("betOrderId", "roundNo", "betAmount", "winLose", "providerTxId", "createdAt")
    VALUES (o.id, 1, p_detail_bet, p_detail_win_lose, p_detail_tx, p_at);
  END IF;
  RETURN o;
END $$;
