-- The effective-bet rule: the bet times its game type's weight (p_weights: game type code -> weight,
-- from the one table in shared/domain/game/types.ts; 1 when the type has none), rounded to 6 decimals.
CREATE OR REPLACE FUNCTION provider_effective(p_bet NUMERIC, p_game_type TEXT, p_weights JSONB) RETURNS NUMERIC LANGUAGE sql IMMUTABLE AS $$
  SELECT round(p_bet * coalesce((p_weights ->> p_game_type)::NUMERIC, 1), 6)
$$;
