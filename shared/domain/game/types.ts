/** The game types: [numeric code, typeKey, effective-bet weight]. */
const GAME_TYPE_ROWS = [
  [1, 'sports', '1.0'],
  [2, 'slot', '1.0'],
  [3, 'live', '1.0'],
  [4, 'lottery', '1.0'],
  [5, 'chess', '1.0'],
  [8, 'esports', '1.0'],
  [9, 'crypto', '0.5'],
  [10, 'fish', '0.5'],
] as const;
export const GAME_TYPE_TABLE = GAME_TYPE_ROWS.map(([code, typeKey, weight]) => ({ code, typeKey, weight }));

export type GameTypeCode = (typeof GAME_TYPE_TABLE)[number]['code'];
export type GameTypeKey = (typeof GAME_TYPE_TABLE)[number]['typeKey'];

export const GAME_TYPE_CODES = GAME_TYPE_TABLE.map((t) => t.code) as GameTypeCode[];
export const GAME_TYPE_KEYS = GAME_TYPE_TABLE.map((t) => t.typeKey) as GameTypeKey[];

export function isGameTypeCode(value: unknown): value is GameTypeCode {
  return GAME_TYPE_TABLE.some((t) => t.code === Number(value) && String(value) === String(t.code));
}

export function typeKeyOf(code: number | string): GameTypeKey | undefined {
  return GAME_TYPE_TABLE.find((t) => t.code === Number(code))?.typeKey;
}

export function codeOfTypeKey(typeKey: string): GameTypeCode | undefined {
  return GAME_TYPE_TABLE.find((t) => t.typeKey === typeKey)?.code;
}

/**
 * The effective-bet weights as the database functions take them (p_weights, game type code -> weight):
 * provider_effective (shared/db/functions/providers/effective-bet.sql) writes every order's betEffective.
 */
export const EFFECTIVE_BET_WEIGHTS = JSON.stringify(Object.fromEntries(GAME_TYPE_TABLE.map((t) => [String(t.code), t.weight])));
