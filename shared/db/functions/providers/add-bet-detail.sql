-- One bet-detail row per call; roundNo counts the order's details.
CREATE OR REPLACE FUNCTION provider_detail(p_order BIGINT, p_bet NUMERIC, p_win_lose NUMERIC, p_tx TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bet_details ("betOrderId", "roundNo", "betAmount", "winLose", "providerTxId", "createdAt")
  SELECT p_order, count(*) + 1, p_bet, p_win_lose, p_tx, now() FROM bet_details d WHERE d."betOrderId" = p_order;
END $$;
