import Decimal from 'decimal.js';

/** The game types of Part A 2.5: numeric code, typeKey and effective-bet weight. */
export const GAME_TYPE_TABLE = [
  { code: 1, typeKey: 'sports', weight: '1.0' },
  { code: 2, typeKey: 'slot', weight: '1.0' },
  { code: 3, typeKey: 'live', weight: '1.0' },
  { code: 4, typeKey: 'lottery', weight: '1.0' },
  { code: 5, typeKey: 'chess', weight: '1.0' },
  { code: 8, typeKey: 'esports', weight: '1.0' },
  { code: 9, typeKey: 'crypto', weight: '0.5' },
  { code: 10, typeKey: 'fish', weight: '0.5' },
] as const;

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

/** betEffective = betAmount x weight of the game type (unknown types weigh 1.0), 6 decimals. */
export function effectiveBet(betAmount: string | Decimal, gameType: number | string): string {
  const weight = GAME_TYPE_TABLE.find((t) => t.code === Number(gameType))?.weight ?? '1.0';
  return new Decimal(betAmount).times(weight).toFixed(6, Decimal.ROUND_HALF_UP);
}
