-- game_block_of: the first game block (game_user_blocks; shared/domain/game/blocks.ts) that stops the
-- player from this game, or NULL. The one rule of the risk check (docs/decisions/game.md, "Game blocks stop
-- bets where the money moves"): POST /game/launch asks it before the launch, simulate_round and the
-- provider bets (provider_refuse_blocked) inside the statement that moves the money, after the player's
-- row is locked by the debit (a block being created locks that row too, so a bet either commits before
-- the block or sees it). A block covers every game (no gameType, gameCode, productId), one game type, or
-- one game (gameCode) and optionally one product of it; a NULL product (the provider callbacks, which
-- do not name the launch's product) meets only the blocks without one. An indexed lookup by the player
-- (game_user_blocks_user); almost always no row.
CREATE OR REPLACE FUNCTION game_block_of(p_site TEXT, p_user INTEGER, p_game_type INTEGER, p_game_code TEXT, p_product TEXT)
RETURNS INTEGER LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT b.id FROM game_user_blocks b
           WHERE b."userId" = p_user AND b."siteCode" = p_site
             AND (   (b."gameType" IS NULL AND b."gameCode" IS NULL AND b."productId" IS NULL)
                  OR (b."gameType" = p_game_type AND b."gameCode" IS NULL)
                  OR (b."gameCode" = p_game_code AND (b."productId" IS NULL OR b."productId" = p_product)))
           ORDER BY b.id LIMIT 1);
END $$;
