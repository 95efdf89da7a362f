import Decimal from 'decimal.js';
import { QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import { config } from '../../config';
import { Mission, MissionClaim, User } from '../../db/models';
import type { MissionCategory, MissionPeriodType } from '../../db/models/mission';

export type { MissionCategory, MissionPeriodType };
import { db } from '../../db/sequelize';
import { BizError, HttpError } from '../../errors';
import { recordAdminAction } from '../admin/operation-log';
import type { Actor } from '../admin/accounts';
import type { TurnoverResult } from '../post-bet/turnover';
import { money, moveBalance } from '../wallet/wallet';
import { pagination, type Pagination } from '../common/paging';

/**
 * Missions (Part A 2.15, 3, 4.5, 6 step 3).
 *
 * - Periods are calendar periods in APP_TIMEZONE: daily `YYYY-MM-DD`, weekly ISO week `YYYY-Www`
 *   (Monday to Sunday; the ISO week-numbering year, so 2027-01-01 may be `2026-W53`), monthly `YYYY-MM`.
 *   Progress is kept per user, category and period key, so a new period starts from zero by itself.
 * - Progress is shared by the five tiers of a category and period type: a 300 USD deposit counts toward
 *   every deposit tier of today, this week and this month.
 * - Deposit progress: `addMissionDepositProgress`, called by the deposit confirmation in its own
 *   transaction; a deposit order counts once (mission_progress_sources). Bet progress: the post-bet
 *   chain (`addMissionBetProgress` in turnover.ts), once per settled valid order, in the periods of the
 *   order's settlement time (a job delayed past midnight still counts in the day the bet settled).
 * - A claim pays `rewardAmount` through the wallet (kind `mission-reward`, key
 *   `mission:<missionId>:<userId>:<periodKey>`) and writes the claim row in ONE transaction;
 *   requiredTurnover = rewardAmount x turnoverMultiplier; later settled bets add their effective bet to
 *   completedTurnover of every open claim until it reaches requiredTurnover (turnoverCompleted 1).
 *   A claim whose requiredTurnover is 0 is complete at once.
 */

export const MISSION_CATEGORIES: readonly MissionCategory[] = ['deposit', 'bet'];
export const MISSION_PERIOD_TYPES: readonly MissionPeriodType[] = ['daily', 'weekly', 'monthly'];

// ---------------------------------------------------------------------------------------------------
// Periods

const formatters = new Map<string, Intl.DateTimeFormat>();
function localDate(now: Date, timeZone: string): { y: number; m: number; d: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAY_MS = 86_400_000;

/** The ISO week of a calendar date: `YYYY-Www`, weeks starting on Monday, week 1 holding the first Thursday. */
function isoWeek(y: number, m: number, d: number): string {
  const date = Date.UTC(y, m - 1, d);
  const weekday = (new Date(date).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const thursday = date + (3 - weekday) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${pad(year, 4)}-W${pad(week)}`;
}

/** The key of the period of `now` in `timeZone` (default APP_TIMEZONE). */
export function periodKey(periodType: MissionPeriodType, now: Date = new Date(), timeZone: string = config().appTimezone): string {
  return periodKeys(now, timeZone)[periodType];
}

/** The current key of every period type. */
export function periodKeys(now: Date = new Date(), timeZone: string = config().appTimezone): Record<MissionPeriodType, string> {
  const { y, m, d } = localDate(now, timeZone);
  return { daily: `${pad(y, 4)}-${pad(m)}-${pad(d)}`, weekly: isoWeek(y, m, d), monthly: `${pad(y, 4)}-${pad(m)}` };
}

// ---------------------------------------------------------------------------------------------------
// Progress

/** Adds `amount` to the user's progress of one category in the daily, weekly and monthly periods of `at`. */
async function addProgress(
  transaction: Transaction,
  siteCode: string,
  userId: number,
  category: MissionCategory,
  amount: string,
  at: Date,
): Promise<Record<MissionPeriodType, string>> {
  const keys = periodKeys(at);
  await db().query(
    `INSERT INTO mission_progress ("siteCode", "userId", category, "periodType", "periodKey", progress)
     VALUES (:siteCode, :userId, :category, 'daily', :daily, CAST(:amount AS NUMERIC)),
            (:siteCode, :userId, :category, 'weekly', :weekly, CAST(:amount AS NUMERIC)),
            (:siteCode, :userId, :category, 'monthly', :monthly, CAST(:amount AS NUMERIC))
     ON CONFLICT ("userId", category, "periodType", "periodKey")
     DO UPDATE SET progress = mission_progress.progress + EXCLUDED.progress, "updatedAt" = now()`,
    { replacements: { siteCode, userId, category, amount, ...keys }, transaction },
  );
  return keys;
}

function positiveAmount(value: string | number | Decimal): string | null {
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return null;
  }
  if (!d.isFinite() || d.lte(0)) return null;
  return d.toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6);
}

export interface DepositProgressResult {
  /** False when the amount is not positive, the user is unknown or this deposit order counted before. */
  counted: boolean;
  periodKeys: Record<MissionPeriodType, string> | null;
}

/**
 * Deposit mission progress: call in the transaction that confirms the deposit, with its USD amount.
 * A deposit order counts once even if called again. `options.now` (tests) replaces the clock.
 */
export async function addMissionDepositProgress(
  transaction: Transaction,
  userId: number,
  usdAmount: string | number | Decimal,
  depositOrderId: number | string,
  options: { now?: Date } = {},
): Promise<DepositProgressResult> {
  const amount = positiveAmount(usdAmount);
  if (!amount) return { counted: false, periodKeys: null };
  const user = await User.findByPk(userId, { attributes: ['id', 'siteCode'], transaction });
  if (!user) return { counted: false, periodKeys: null };
  const inserted = await db().query<{ id: string }>(
    `INSERT INTO mission_progress_sources ("userId", kind, "sourceId", amount)
     VALUES (:userId, 'deposit', :sourceId, CAST(:amount AS NUMERIC))
     ON CONFLICT (kind, "sourceId") DO NOTHING RETURNING id`,
    { replacements: { userId, sourceId: String(depositOrderId).slice(0, 64), amount }, type: QueryTypes.SELECT, transaction },
  );
  if (inserted.length === 0) return { counted: false, periodKeys: null };
  const keys = await addProgress(transaction, user.siteCode, userId, 'deposit', amount, options.now ?? new Date());
  return { counted: true, periodKeys: keys };
}

/**
 * Adds `betEffective` to completedTurnover of every open mission claim of the user, completing those
 * that reach requiredTurnover. One UPDATE: the rows are locked for the transaction.
 */
export async function advanceMissionTurnover(transaction: Transaction, userId: number, betEffective: string): Promise<TurnoverResult> {
  const rows = await db().query<{ turnoverCompleted: number }>(
    `UPDATE mission_claims
        SET "completedTurnover" = "completedTurnover" + CAST(:amount AS NUMERIC),
            "turnoverCompleted" = CASE WHEN "completedTurnover" + CAST(:amount AS NUMERIC) >= "requiredTurnover" THEN 1 ELSE 0 END,
            "updatedAt" = now()
      WHERE "userId" = :userId AND "turnoverCompleted" = 0
      RETURNING "turnoverCompleted"`,
    { replacements: { userId, amount: betEffective }, type: QueryTypes.SELECT, transaction },
  );
  return { updated: rows.length, completed: rows.filter((r) => Number(r.turnoverCompleted) === 1).length };
}

/**
 * Step 3 of the post-bet chain: bet-mission progress in the periods of the order's settlement time
 * (`options.now` replaces it in tests), then the turnover of open claims. The result counts claims.
 */
export async function applyMissionBet(
  transaction: Transaction,
  userId: number,
  betEffective: string,
  betOrderId: number,
  options: { now?: Date; order?: { siteCode: string; settledAt: Date | null } } = {},
): Promise<TurnoverResult> {
  const amount = positiveAmount(betEffective);
  if (!amount) return { updated: 0, completed: 0 };
  // The post-bet chain passes the order it already holds; other callers have it read here.
  const [order] = options.order
    ? [options.order]
    : await db().query<{ siteCode: string; settledAt: Date | null }>('SELECT "siteCode", "settledAt" FROM bet_orders WHERE id = :id', {
        replacements: { id: betOrderId },
        type: QueryTypes.SELECT,
        transaction,
      });
  let siteCode = order?.siteCode;
  if (!siteCode) {
    const user = await User.findByPk(userId, { attributes: ['siteCode'], transaction });
    if (!user) return { updated: 0, completed: 0 };
    siteCode = user.siteCode;
  }
  const at = options.now ?? (order?.settledAt ? new Date(order.settledAt) : new Date());
  await addProgress(transaction, siteCode, userId, 'bet', amount, at);
  return advanceMissionTurnover(transaction, userId, amount);
}

// ---------------------------------------------------------------------------------------------------
// Player view

export interface MissionView {
  id: number;
  category: MissionCategory;
  periodType: MissionPeriodType;
  tier: number;
  threshold: string;
  rewardAmount: string;
  vipRequired: number;
  turnoverMultiplier: string;
  currentProgress: string | null;
  isClaimed: boolean;
  isClaimable: boolean;
  meetsVip: boolean;
}

const userLevel = (vipLevel: string | number | null | undefined) => Number.parseInt(String(vipLevel ?? '0'), 10) || 0;

async function currentProgress(
  userId: number,
  keys: Record<MissionPeriodType, string>,
  transaction?: Transaction,
): Promise<Map<string, string>> {
  const rows = await db().query<{ category: string; periodType: string; progress: string }>(
    `SELECT category, "periodType", progress FROM mission_progress
      WHERE "userId" = :userId
        AND (("periodType" = 'daily' AND "periodKey" = :daily) OR ("periodType" = 'weekly' AND "periodKey" = :weekly)
          OR ("periodType" = 'monthly' AND "periodKey" = :monthly))`,
    { replacements: { userId, ...keys }, type: QueryTypes.SELECT, transaction },
  );
  return new Map(rows.map((r) => [`${r.category}:${r.periodType}`, r.progress]));
}

/**
 * GET /mission: the enabled missions of the site, by sortOrder, category, period type and tier.
 * Anonymous (userId null): currentProgress null, isClaimed and isClaimable false, and meetsVip true only
 * for a mission without a VIP requirement (vipRequired <= 0: the formula with no level to compare).
 */
interface ClaimRow {
  id: number | string;
  missionId: number;
  category: MissionCategory;
  periodType: MissionPeriodType;
  tier: number | string;
  periodKey: string;
  rewardAmount: string;
  requiredTurnover: string;
  completedTurnover: string;
  turnoverCompleted: number | string;
  claimedAt: Date | string;
}

/** A mission claim as the API returns it (Part A 2.15): money as 6-decimal strings, ISO time. */
function claimView(r: ClaimRow): ClaimItem {
  return {
    id: Number(r.id),
    missionId: r.missionId,
    category: r.category,
    periodType: r.periodType,
    tier: Number(r.tier),
    periodKey: r.periodKey,
    rewardAmount: money(r.rewardAmount),
    requiredTurnover: money(r.requiredTurnover),
    completedTurnover: money(r.completedTurnover),
    turnoverCompleted: Number(r.turnoverCompleted),
    claimedAt: new Date(r.claimedAt).toISOString(),
  };
}

export async function listMissions(siteCode: string, userId: number | null, now: Date = new Date()): Promise<MissionView[]> {
  const missions = await Mission.findAll({
    where: { siteCode, enabled: 1 },
    order: [['sortOrder', 'ASC'], ['category', 'ASC'], ['periodType', 'ASC'], ['tier', 'ASC'], ['id', 'ASC']],
  });
  const base = (m: Mission) => ({
    id: m.id,
    category: m.category,
    periodType: m.periodType,
    tier: m.tier,
    threshold: money(m.threshold),
    rewardAmount: money(m.rewardAmount),
    vipRequired: m.vipRequired,
    turnoverMultiplier: new Decimal(m.turnoverMultiplier).toFixed(2),
  });
  const user = userId === null ? null : await User.findByPk(userId, { attributes: ['id', 'vipLevel'] });
  if (!user) {
    return missions.map((m) => ({ ...base(m), currentProgress: null, isClaimed: false, isClaimable: false, meetsVip: m.vipRequired <= 0 }));
  }
  const keys = periodKeys(now);
  const progress = await currentProgress(user.id, keys);
  const claims = await db().query<{ missionId: number; periodKey: string }>(
    `SELECT "missionId", "periodKey" FROM mission_claims WHERE "userId" = :userId AND "periodKey" IN (:daily, :weekly, :monthly)`,
    { replacements: { userId: user.id, ...keys }, type: QueryTypes.SELECT },
  );
  const claimed = new Set(claims.map((c) => `${c.missionId}:${c.periodKey}`));
  const level = userLevel(user.vipLevel);
  return missions.map((m) => {
    const current = new Decimal(progress.get(`${m.category}:${m.periodType}`) ?? 0);
    const isClaimed = claimed.has(`${m.id}:${keys[m.periodType]}`);
    const meetsVip = m.vipRequired <= 0 || level >= m.vipRequired;
    return {
      ...base(m),
      currentProgress: money(current),
      isClaimed,
      isClaimable: !isClaimed && meetsVip && current.gte(m.threshold),
      meetsVip,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Claims

export interface ClaimResult {
  rewardAmount: string;
  requiredTurnover: string;
  newBalance: string;
}

/**
 * POST /mission/:id/claim. In one transaction: lock the user row (claims of one user are serialized),
 * 3001 unknown / other site / disabled, 3002 claimed this period, 3003 VIP too low, 3004 progress below
 * threshold; then the claim row and the wallet credit. The unique claim row and the wallet key make a
 * concurrent duplicate a 3002 that pays nothing.
 */
export async function claimMission(siteCode: string, userId: number, missionId: number, now: Date = new Date()): Promise<ClaimResult> {
  try {
    return await db().transaction(async (transaction) => {
      const user = await User.findByPk(userId, { attributes: ['id', 'siteCode', 'vipLevel'], transaction, lock: transaction.LOCK.UPDATE });
      const mission = await Mission.findByPk(missionId, { transaction });
      if (!user || !mission || mission.siteCode !== siteCode || user.siteCode !== siteCode || mission.enabled !== 1) throw new BizError(3001);
      const key = periodKey(mission.periodType, now);
      const existing = await MissionClaim.findOne({ where: { userId, missionId, periodKey: key }, attributes: ['id'], transaction });
      if (existing) throw new BizError(3002);
      if (mission.vipRequired > 0 && userLevel(user.vipLevel) < mission.vipRequired) throw new BizError(3003);
      const [row] = await db().query<{ progress: string }>(
        `SELECT progress FROM mission_progress WHERE "userId" = :userId AND category = :category AND "periodType" = :periodType AND "periodKey" = :key`,
        { replacements: { userId, category: mission.category, periodType: mission.periodType, key }, type: QueryTypes.SELECT, transaction },
      );
      if (new Decimal(row?.progress ?? 0).lt(mission.threshold)) throw new BizError(3004);

      const reward = new Decimal(mission.rewardAmount);
      const required = reward.mul(mission.turnoverMultiplier).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
      const claim = await MissionClaim.create(
        {
          siteCode,
          userId,
          missionId,
          category: mission.category,
          periodType: mission.periodType,
          tier: mission.tier,
          periodKey: key,
          rewardAmount: reward.toFixed(6),
          requiredTurnover: required.toFixed(6),
          completedTurnover: '0',
          turnoverCompleted: required.lte(0) ? 1 : 0,
        },
        { transaction },
      );
      const moved = await moveBalance(transaction, {
        userId,
        amount: reward.toFixed(6),
        kind: 'mission-reward',
        idempotencyKey: `mission:${missionId}:${userId}:${key}`,
        ref: { type: 'mission-claim', id: claim.id },
        remark: `mission ${mission.category} ${mission.periodType} tier ${mission.tier} (${key})`,
      });
      if (moved.replayed) throw new BizError(3002);
      await MissionClaim.update({ ledgerId: moved.ledgerId }, { where: { id: claim.id }, transaction });
      return { rewardAmount: money(reward), requiredTurnover: money(required), newBalance: moved.balanceAfter };
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw new BizError(3002);
    throw err;
  }
}

export interface ClaimFilter {
  page: number;
  pageSize: number;
  tab?: 'pending' | 'completed';
  /** YYYY-MM-DD, whole days in APP_TIMEZONE, on claimedAt. */
  startDate?: string;
  endDate?: string;
}

export interface ClaimItem {
  id: number;
  missionId: number;
  category: MissionCategory;
  periodType: MissionPeriodType;
  tier: number;
  periodKey: string;
  rewardAmount: string;
  requiredTurnover: string;
  completedTurnover: string;
  turnoverCompleted: number;
  claimedAt: string;
}

/** GET /mission/claims: the caller's claims, newest first. */
export async function listMissionClaims(
  userId: number,
  siteCode: string,
  filter: ClaimFilter,
): Promise<{ items: ClaimItem[]; pagination: Pagination }> {
  const clauses = ['"userId" = :userId', '"siteCode" = :siteCode'];
  const replacements: Record<string, unknown> = { userId, siteCode, tz: config().appTimezone };
  if (filter.tab === 'pending') clauses.push('"turnoverCompleted" = 0');
  if (filter.tab === 'completed') clauses.push('"turnoverCompleted" = 1');
  if (filter.startDate) {
    clauses.push('"claimedAt" >= (CAST(:startDate AS date)::timestamp AT TIME ZONE :tz)');
    replacements.startDate = filter.startDate;
  }
  if (filter.endDate) {
    clauses.push('"claimedAt" < ((CAST(:endDate AS date) + 1)::timestamp AT TIME ZONE :tz)');
    replacements.endDate = filter.endDate;
  }
  const where = clauses.join(' AND ');
  const [{ total }] = await db().query<{ total: string }>(`SELECT COUNT(*)::text AS total FROM mission_claims WHERE ${where}`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  const rows = await db().query<ClaimRow>(
    `SELECT id, "missionId", category, "periodType", tier, "periodKey", "rewardAmount", "requiredTurnover",
            "completedTurnover", "turnoverCompleted", "claimedAt"
       FROM mission_claims WHERE ${where}
      ORDER BY "claimedAt" DESC, id DESC LIMIT :limit OFFSET :offset`,
    { replacements: { ...replacements, limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize }, type: QueryTypes.SELECT },
  );
  const count = Number(total);
  return {
    items: rows.map(claimView),
    pagination: pagination(filter.page, filter.pageSize, count),
  };
}

// ---------------------------------------------------------------------------------------------------
// Administration (permission module `mission`): every write runs in one transaction with its
// operation-log row. A mission of another site is not found (404); a second mission for the same
// category, period type and tier of a site is a 400 naming `tier`; a mission with claims cannot be
// deleted (a new mission in its place would let players claim twice in one period): disable it instead.

export interface AdminMission {
  id: number;
  siteCode: string;
  category: MissionCategory;
  periodType: MissionPeriodType;
  tier: number;
  threshold: string;
  rewardAmount: string;
  vipRequired: number;
  turnoverMultiplier: string;
  enabled: number;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

export interface MissionInput {
  category: MissionCategory;
  periodType: MissionPeriodType;
  tier: number;
  threshold: string;
  rewardAmount: string;
  vipRequired?: number;
  turnoverMultiplier?: string;
  enabled?: number;
  sortOrder?: number;
}

export type MissionPatch = Partial<MissionInput>;

function adminView(m: Mission): AdminMission {
  return {
    id: m.id,
    siteCode: m.siteCode,
    category: m.category,
    periodType: m.periodType,
    tier: m.tier,
    threshold: money(m.threshold),
    rewardAmount: money(m.rewardAmount),
    vipRequired: m.vipRequired,
    turnoverMultiplier: new Decimal(m.turnoverMultiplier).toFixed(2),
    enabled: m.enabled,
    sortOrder: m.sortOrder,
    createdAt: new Date(m.get('createdAt') as Date).toISOString(),
    updatedAt: new Date(m.get('updatedAt') as Date).toISOString(),
  };
}

const missionNotFound = () => new HttpError(404, 'mission not found');
const fieldError = (field: string, message: string) => new HttpError(400, `Invalid body: ${field}: ${message}`, { errors: [{ field, message }] });
const duplicateTier = () => fieldError('tier', 'this site already has a mission for this category, period type and tier');

function logMission(actor: Actor, siteCode: string, transaction: Transaction, entry: { action: string; targetId: number; summary: string; detail: unknown }) {
  return recordAdminAction({ adminId: actor.adminId, ...actor.meta, siteCode, module: 'mission', ...entry }, { transaction });
}

/** Every mission of the site, disabled ones included, optionally filtered. */
export async function adminListMissions(siteCode: string, filter: { category?: MissionCategory; periodType?: MissionPeriodType } = {}): Promise<AdminMission[]> {
  const missions = await Mission.findAll({
    where: { siteCode, ...(filter.category ? { category: filter.category } : {}), ...(filter.periodType ? { periodType: filter.periodType } : {}) },
    order: [['sortOrder', 'ASC'], ['category', 'ASC'], ['periodType', 'ASC'], ['tier', 'ASC'], ['id', 'ASC']],
  });
  return missions.map(adminView);
}

async function uniqueGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw duplicateTier();
    throw err;
  }
}

export async function adminCreateMission(actor: Actor, siteCode: string, input: MissionInput): Promise<AdminMission> {
  return uniqueGuard(() =>
    db().transaction(async (transaction) => {
      const mission = await Mission.create({ ...input, siteCode }, { transaction });
      const view = adminView(mission);
      await logMission(actor, siteCode, transaction, {
        action: 'create',
        targetId: mission.id,
        summary: `created ${mission.category} ${mission.periodType} mission tier ${mission.tier}`,
        detail: view,
      });
      return view;
    }),
  );
}

export async function adminUpdateMission(actor: Actor, siteCode: string, id: number, patch: MissionPatch): Promise<AdminMission> {
  return uniqueGuard(() =>
    db().transaction(async (transaction) => {
      const mission = await Mission.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
      if (!mission) throw missionNotFound();
      const before = adminView(mission);
      await mission.update(patch, { transaction });
      const after = adminView(mission);
      await logMission(actor, siteCode, transaction, {
        action: 'update',
        targetId: id,
        summary: `updated ${mission.category} ${mission.periodType} mission tier ${mission.tier}`,
        detail: { before, after },
      });
      return after;
    }),
  );
}

export async function adminDeleteMission(actor: Actor, siteCode: string, id: number): Promise<void> {
  await db().transaction(async (transaction) => {
    const mission = await Mission.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!mission) throw missionNotFound();
    if ((await MissionClaim.count({ where: { missionId: id }, transaction })) > 0) {
      throw new HttpError(400, 'Invalid params: id: the mission has claims; disable it (enabled 0) instead of deleting it', {
        errors: [{ field: 'id', message: 'the mission has claims; disable it (enabled 0) instead of deleting it' }],
      });
    }
    const view = adminView(mission);
    await mission.destroy({ transaction });
    await logMission(actor, siteCode, transaction, {
      action: 'delete',
      targetId: id,
      summary: `deleted ${mission.category} ${mission.periodType} mission tier ${mission.tier}`,
      detail: view,
    });
  });
}

/** The claims of the site, optionally of one user, newest first (administrator view). */
export async function adminListClaims(
  siteCode: string,
  filter: ClaimFilter & { userId?: number },
): Promise<{ items: Array<ClaimItem & { userId: number }>; pagination: { page: number; pageSize: number; total: number; totalPages: number } }> {
  const where: Record<string, unknown> = { siteCode };
  if (filter.userId) where.userId = filter.userId;
  if (filter.tab) where.turnoverCompleted = filter.tab === 'completed' ? 1 : 0;
  const { rows, count } = await MissionClaim.findAndCountAll({
    where,
    order: [['claimedAt', 'DESC'], ['id', 'DESC']],
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  });
  return {
    items: rows.map((r) => ({ userId: r.userId, ...claimView(r) })),
    pagination: pagination(filter.page, filter.pageSize, count),
  };
}
