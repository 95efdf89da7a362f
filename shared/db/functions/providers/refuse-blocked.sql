-- provider_refuse_blocked: a provider bet of a player blocked from the game (game_block_of, the launch's
-- risk check) is refused as GAME_NOT_FOUND ("the player is blocked from this game"), rolling the call
-- back (docs/providers.md, section 2). Called by the calls that debit a bet (provx_bet, a provx_bet_result
-- that debits its bet, provy_bet), right after that debit; wins, results of rounds with bets, jackpots
-- and cancels still settle.
CREATE OR REPLACE FUNCTION provider_refuse_blocked(p_site TEXT, p_user INTEGER, g game_providers) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF game_block_of(p_site, p_user, g."gameType", g."gameCode", NULL) IS NOT NULL THEN
    PERFORM provider_refuse('GAME_NOT_FOUND', 'the player is blocked from this game');
  END IF;
END $$;
