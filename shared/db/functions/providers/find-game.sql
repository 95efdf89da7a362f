-- The player's site's game of that code routed to this provider (disabled or maintained ones too).
CREATE OR REPLACE FUNCTION provider_game(p_provider TEXT, p_site TEXT, p_game TEXT) RETURNS game_providers LANGUAGE plpgsql AS $$
DECLARE
  g game_providers;
BEGIN
  SELECT * INTO g FROM game_providers x WHERE x."siteCode" = p_site AND x."gameCode" = p_game AND x."providerCode" = p_provider;
  IF g.id IS NULL THEN PERFORM provider_refuse('GAME_NOT_FOUND'); END IF;
  RETURN g;
END $$;
