import { mixed, number, object, string } from 'yup';
import { GAME_TYPE_CODES, isMoneyNumber, SIMULATE_BET_DECIMALS } from '../../../shared/domain/game';
import { blankAsAbsent, documentAs, jsonNumber, text } from '../../http/schema-helpers';

/**
 * Request schemas of the player game endpoints. JSON fields keep their JSON types: a string
 * where a number is expected (or the reverse) is a 400 naming the field, never converted.
 */

const gameCode = () => text().required().min(1).max(64);
/** The provider's game id (provy GameId): a non-negative integer. */
const productId = () => jsonNumber().required().integer('${path} must be an integer').min(0).max(Number.MAX_SAFE_INTEGER);
const device = () =>
  text()
    .required()
    .oneOf(['desktop', 'mobile'] as const, '${path} must be desktop or mobile');

/** GET /game/provider?gameType= (1, 2, 3, 4, 5, 8, 9, 10; blank = all). */
export const providerListQuery = object({
  gameType: string()
    .transform((value: unknown, original: unknown) => (typeof original === 'string' ? blankAsAbsent(original.trim()) : original))
    .oneOf(GAME_TYPE_CODES.map(String), `gameType must be one of ${GAME_TYPE_CODES.join(', ')}`)
    .optional(),
});

export const launchBody = object({
  device: device(),
  gameCode: gameCode(),
  productId: productId(),
});

/** POST /game/demo: the same body as launch. */
export const demoBody = launchBody;

/**
 * POST /game/simulate. betAmount must be a JSON number with at most 6 decimals (400 otherwise); its range
 * 0.01..10000 is the rule's 5010, so a negative or zero amount is 5010, not 400.
 */
export const simulateBody = object({
  gameCode: gameCode(),
  productId: productId(),
  betAmount: documentAs(mixed<number>(), { type: 'number', description: `A JSON number with at most ${SIMULATE_BET_DECIMALS} decimals` })
    .required('betAmount is required')
    .test('number', 'betAmount must be a number', (v) => typeof v === 'number' && Number.isFinite(v))
    .test('decimals', `betAmount must have at most ${SIMULATE_BET_DECIMALS} decimals`, (v) => typeof v !== 'number' || !Number.isFinite(v) || isMoneyNumber(v)),
});

/** GET /game/recent?limit= (1 to 20, default 10). */
export const recentQuery = object({
  limit: number()
    .transform((value: number, original: unknown) => {
      if (original === undefined || original === '') return undefined;
      return typeof original === 'string' && /^\s*\d{1,3}\s*$/.test(original) ? value : NaN;
    })
    .typeError('limit must be an integer from 1 to 20')
    .integer()
    .min(1, 'limit must be an integer from 1 to 20')
    .max(20, 'limit must be an integer from 1 to 20')
    .default(10),
});

/** GET /game/list?gameCode= */
export const gameListQuery = object({
  gameCode: text().required().min(1).max(64),
});
