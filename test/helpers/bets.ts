import { randomBytes } from 'node:crypto';
import { BetOrder, User } from '../../shared/db/models';
import Decimal from 'decimal.js';
import { GAME_TYPE_TABLE } from '../../shared/domain/game';
import { createUser } from './factories';

/** Bet orders and VIP players written straight to the database, for the settlement, mission and VIP tests. */

/**
 * The tests' own expectation of an order's betEffective: betAmount x the game type's weight (unknown types
 * weigh 1.0), 6 decimals half up. The rule the service applies is provider_effective
 * (shared/db/functions/providers/effective-bet.sql); this figure is the independent one tests compare with.
 */
export function effectiveBet(betAmount: string | Decimal, gameType: number | string): string {
  const weight = GAME_TYPE_TABLE.find((t) => t.code === Number(gameType))?.weight ?? '1.0';
  return new Decimal(betAmount).times(weight).toFixed(6, Decimal.ROUND_HALF_UP);
}

/** The fields a test chooses; everything else is a fixed provx order. */
export interface BetOrderFields {
  gameType?: string;
  betAmount?: string;
  /** Default: the weighted effective bet of betAmount and gameType. */
  betEffective?: string;
  status?: 'valid' | 'invalid' | 'cancelled';
  settled?: boolean;
  /** Default now; null when not settled. */
  settledAt?: Date;
  betDatetime?: Date;
  gameCode?: string;
  gameName?: string;
  /** Also writes winAmount 0, winLose -betAmount and settledAt (when settled). Default true. */
  withResult?: boolean;
}

/** A provx bet order of `user`: "Lucky Slot" (game type 2), 100, valid, settled now and lost, unless told otherwise. */
export async function insertBetOrder(user: User, fields: BetOrderFields = {}): Promise<BetOrder> {
  const gameType = fields.gameType ?? '2';
  const betAmount = fields.betAmount ?? '100';
  const settled = fields.settled ?? true;
  const result = fields.withResult === false ? {} : { winAmount: '0', winLose: `-${betAmount}`, settledAt: settled ? (fields.settledAt ?? new Date()) : null };
  return BetOrder.create({
    siteCode: user.siteCode,
    userId: user.id,
    providerCode: 'provx',
    gameCode: fields.gameCode ?? 'slot-1',
    gameName: fields.gameName ?? 'Lucky Slot',
    gameType,
    gamePlatform: 'provx',
    gameNumber: `round-${randomBytes(6).toString('hex')}`,
    betAmount,
    betEffective: fields.betEffective ?? effectiveBet(betAmount, gameType),
    ...result,
    status: fields.status ?? 'valid',
    settled,
    ...(fields.betDatetime ? { betDatetime: fields.betDatetime } : {}),
  });
}

export interface BetOrderOptions {
  gameType?: string;
  betAmount?: string;
  status?: 'valid' | 'invalid' | 'cancelled';
  settled?: boolean;
  /** When the bet was placed (and settled, with `withResult`). */
  at: string;
  /** Also writes winAmount 0, winLose -betAmount and settledAt (when settled). Default true. */
  withResult?: boolean;
}

/** A provx bet order of `user` placed `at` (game type 2 and 100 by default, valid and settled). */
export async function createBetOrder(user: User, options: BetOrderOptions): Promise<void> {
  const at = new Date(options.at);
  const { at: _at, ...fields } = options;
  await insertBetOrder(user, { ...fields, settledAt: at, betDatetime: at, gameCode: 'g-1', gameName: 'Game' });
}

/** A new player of `siteCode` at `vipLevel`, with any other user fields given in `extra`. */
export async function createVipPlayer(
  siteCode: string,
  vipLevel: number,
  extra: Partial<Pick<User, 'relegationMissCount' | 'vipHold' | 'totalEffectiveBet'>> = {},
): Promise<User> {
  const { user } = await createUser({ siteCode });
  await User.update({ vipLevel: String(vipLevel), ...extra }, { where: { id: user.id } });
  return (await user.reload())!;
}

/** A settled provx "Lucky Slot" bet order (game type 2) of `user`: bet = effective bet, lost in full. */
export async function createSlotBetOrder(user: User, betEffective: string, settledAt = new Date(), status: 'valid' | 'invalid' = 'valid'): Promise<BetOrder> {
  return insertBetOrder(user, { betAmount: betEffective, betEffective, status, settledAt });
}
