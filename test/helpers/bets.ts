import { randomBytes } from 'node:crypto';
import { BetOrder, User } from '../../shared/db/models';
import { effectiveBet } from '../../shared/domain/game-types';
import { createUser } from './factories';

/** Bet orders and VIP players written straight to the database, for the settlement, mission and VIP tests. */

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

/** A provx bet order of `user` (game type 2 and 100 by default, valid and settled). */
export async function createBetOrder(user: User, options: BetOrderOptions): Promise<void> {
  const gameType = options.gameType ?? '2';
  const betAmount = options.betAmount ?? '100';
  const settled = options.settled ?? true;
  const result =
    options.withResult === false
      ? {}
      : { winAmount: '0', winLose: `-${betAmount}`, settledAt: settled ? new Date(options.at) : null };
  await BetOrder.create({
    siteCode: user.siteCode,
    userId: user.id,
    providerCode: 'provx',
    gameCode: 'g-1',
    gameName: 'Game',
    gameType,
    gamePlatform: 'provx',
    gameNumber: `round-${randomBytes(6).toString('hex')}`,
    betAmount,
    betEffective: effectiveBet(betAmount, gameType),
    ...result,
    status: options.status ?? 'valid',
    settled,
    betDatetime: new Date(options.at),
  });
}

/** A new player of `siteCode` at `vipLevel`, with any other user fields given in `extra`. */
export async function createVipPlayer(siteCode: string, vipLevel: number, extra: Partial<Pick<User, 'relegationMissCount' | 'vipHold' | 'totalEffectiveBet'>> = {}): Promise<User> {
  const { user } = await createUser({ siteCode });
  await User.update({ vipLevel: String(vipLevel), ...extra }, { where: { id: user.id } });
  return (await user.reload())!;
}

/** A settled provx "Lucky Slot" bet order (game type 2) of `user`: bet = effective bet, lost in full. */
export async function createSlotBetOrder(user: User, betEffective: string, settledAt = new Date(), status: 'valid' | 'invalid' = 'valid'): Promise<BetOrder> {
  return BetOrder.create({
    siteCode: user.siteCode,
    userId: user.id,
    providerCode: 'provx',
    gameCode: 'slot-1',
    gameName: 'Lucky Slot',
    gameType: '2',
    gamePlatform: 'provx',
    gameNumber: `round-${randomBytes(6).toString('hex')}`,
    betAmount: betEffective,
    betEffective,
    winAmount: '0',
    winLose: `-${betEffective}`,
    status,
    settled: true,
    settledAt,
  });
}
