import type { MissionCategory, MissionPeriodType } from '../../models/mission';
import type { MissionInput } from '../../../domain/mission';

/**
 * The default mission table of a site: deposit and bet missions, daily, weekly and monthly,
 * five tiers each. Thresholds are USD deposited or USD of effective bet in the period; rewards are USD,
 * to be wagered `turnoverMultiplier` times before withdrawal. Higher tiers need a higher VIP level.
 */
/** A seeded mission: the administrators' create input with every field given. */
export type MissionSeed = Required<MissionInput>;

const TABLE: Record<MissionCategory, Record<MissionPeriodType, Array<[threshold: number, reward: number]>>> = {
  deposit: {
    daily: [
      [50, 1],
      [100, 3],
      [300, 10],
      [500, 20],
      [1000, 50],
    ],
    weekly: [
      [300, 5],
      [800, 15],
      [2000, 40],
      [5000, 100],
      [10000, 250],
    ],
    monthly: [
      [1000, 20],
      [3000, 60],
      [8000, 180],
      [20000, 500],
      [50000, 1500],
    ],
  },
  bet: {
    daily: [
      [500, 2],
      [1000, 5],
      [3000, 18],
      [5000, 35],
      [10000, 80],
    ],
    weekly: [
      [3000, 10],
      [8000, 30],
      [20000, 90],
      [50000, 250],
      [100000, 600],
    ],
    monthly: [
      [10000, 40],
      [30000, 130],
      [80000, 400],
      [200000, 1100],
      [500000, 3000],
    ],
  },
};

/** VIP level required per tier: tiers 1 and 2 are open to everybody. */
const VIP_BY_TIER = [0, 0, 2, 3, 5];
/** Deposit rewards must be wagered 3 times, bet rewards once. */
const MULTIPLIER: Record<MissionCategory, string> = { deposit: '3.00', bet: '1.00' };

const CATEGORIES: MissionCategory[] = ['deposit', 'bet'];
const PERIODS: MissionPeriodType[] = ['daily', 'weekly', 'monthly'];

export const DEFAULT_MISSIONS: readonly MissionSeed[] = CATEGORIES.flatMap((category, c) =>
  PERIODS.flatMap((periodType, p) =>
    TABLE[category][periodType].map(([threshold, reward], i) => ({
      category,
      periodType,
      tier: i + 1,
      threshold: threshold.toFixed(6),
      rewardAmount: reward.toFixed(6),
      vipRequired: VIP_BY_TIER[i],
      turnoverMultiplier: MULTIPLIER[category],
      enabled: 1,
      sortOrder: (c * PERIODS.length + p) * 10 + i + 1,
    })),
  ),
);
