-- play_log_touch: the player's last play of a game (shared/domain/game/play-log.ts upsertPlayLog runs it,
-- and a simulate round in its own statement).
CREATE OR REPLACE FUNCTION play_log_touch(p_site TEXT, p_user INTEGER, p_game TEXT, p_product TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO game_play_logs ("siteCode", "userId", "gameCode", "productId", "lastPlayedAt")
  VALUES (p_site, p_user, p_game, p_product, now())
  ON CONFLICT ("userId", "gameCode", "productId")
  DO UPDATE SET "lastPlayedAt" = GREATEST(game_play_logs."lastPlayedAt", EXCLUDED."lastPlayedAt"), "siteCode" = EXCLUDED."siteCode";
END $$;
