import type { Transaction } from 'sequelize';
import { Mission, MissionClaim } from '../../db/models';
import { db } from '../../db/sequelize';
import { NotFoundError, Refusal } from '../../errors';
import { type Actor, recordAdminAction } from '../audit';
import { pageOffset, pagination, type Pagination, uniqueAs } from '../common';
import { claimView, type ClaimFilter, type ClaimItem } from './claims';
import type { MissionCategory, MissionPeriodType } from './types';
import { missionFields, type MissionFields } from './views';

/**
 * Mission administration (permission module `mission`): every write runs in one transaction with its
 * operation-log row. A mission of another site is not found (404); a second mission for the same
 * category, period type and tier of a site is refused (`slotTaken`); a mission with claims cannot be
 * deleted (`hasClaims`: a new mission in its place would let players claim twice in one period):
 * disable it instead.
 */
export interface AdminMission extends MissionFields {
  siteCode: string;
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

/** The administrator view; its keys keep the order id, siteCode, the shared fields, then the rest. */
function adminView(m: Mission): AdminMission {
  const { id, ...fields } = missionFields(m);
  return {
    id,
    siteCode: m.siteCode,
    ...fields,
    enabled: m.enabled,
    sortOrder: m.sortOrder,
    createdAt: new Date(m.get('createdAt') as Date).toISOString(),
    updatedAt: new Date(m.get('updatedAt') as Date).toISOString(),
  };
}

const missionNotFound = () => new NotFoundError('mission not found');

function logMission(actor: Actor, siteCode: string, transaction: Transaction, entry: { action: string; targetId: number; summary: string; detail: unknown }) {
  return recordAdminAction({ adminId: actor.adminId, ...actor.meta, siteCode, module: 'mission', ...entry }, { transaction });
}

/** A write that would give the site a second mission in one (category, period type, tier) slot is refused (`slotTaken`). */
const oneMissionPerSlot = <T>(work: () => Promise<T>): Promise<T> => uniqueAs(() => new Refusal('mission.slotTaken'), work);

/** The site's mission `id`, locked; 404 when it is not the site's. */
async function lockMission(transaction: Transaction, siteCode: string, id: number): Promise<Mission> {
  const mission = await Mission.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
  if (!mission) throw missionNotFound();
  return mission;
}

const describe = (m: Mission) => `${m.category} ${m.periodType} mission tier ${m.tier}`;

/** Every mission of the site, disabled ones included, optionally filtered. */
export async function adminListMissions(
  siteCode: string,
  filter: { category?: MissionCategory; periodType?: MissionPeriodType } = {},
): Promise<AdminMission[]> {
  const missions = await Mission.findAll({
    where: { siteCode, ...(filter.category ? { category: filter.category } : {}), ...(filter.periodType ? { periodType: filter.periodType } : {}) },
    order: [
      ['sortOrder', 'ASC'],
      ['category', 'ASC'],
      ['periodType', 'ASC'],
      ['tier', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return missions.map(adminView);
}

export async function adminCreateMission(actor: Actor, siteCode: string, input: MissionInput): Promise<AdminMission> {
  return oneMissionPerSlot(() =>
    db().transaction(async (transaction) => {
      const mission = await Mission.create({ ...input, siteCode }, { transaction });
      const view = adminView(mission);
      await logMission(actor, siteCode, transaction, { action: 'create', targetId: mission.id, summary: `created ${describe(mission)}`, detail: view });
      return view;
    }),
  );
}

export async function adminUpdateMission(actor: Actor, siteCode: string, id: number, patch: MissionPatch): Promise<AdminMission> {
  return oneMissionPerSlot(() =>
    db().transaction(async (transaction) => {
      const mission = await lockMission(transaction, siteCode, id);
      const before = adminView(mission);
      await mission.update(patch, { transaction });
      const after = adminView(mission);
      await logMission(actor, siteCode, transaction, { action: 'update', targetId: id, summary: `updated ${describe(mission)}`, detail: { before, after } });
      return after;
    }),
  );
}

export async function adminDeleteMission(actor: Actor, siteCode: string, id: number): Promise<void> {
  await db().transaction(async (transaction) => {
    const mission = await lockMission(transaction, siteCode, id);
    if ((await MissionClaim.count({ where: { missionId: id }, transaction })) > 0) {
      throw new Refusal('mission.hasClaims', 'the mission has claims; disable it (enabled 0) instead of deleting it');
    }
    const view = adminView(mission);
    await mission.destroy({ transaction });
    await logMission(actor, siteCode, transaction, { action: 'delete', targetId: id, summary: `deleted ${describe(mission)}`, detail: view });
  });
}

/** The claims of the site, optionally of one user, newest first (administrator view). */
export async function adminListClaims(
  siteCode: string,
  filter: ClaimFilter & { userId?: number },
): Promise<{ items: Array<ClaimItem & { userId: number }>; pagination: Pagination }> {
  const where: Record<string, unknown> = { siteCode };
  if (filter.userId) where.userId = filter.userId;
  if (filter.tab) where.turnoverCompleted = filter.tab === 'completed' ? 1 : 0;
  const { rows, count } = await MissionClaim.findAndCountAll({
    where,
    order: [
      ['claimedAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: filter.pageSize,
    offset: pageOffset(filter.page, filter.pageSize),
  });
  return { items: rows.map((r) => ({ userId: r.userId, ...claimView(r) })), pagination: pagination(filter.page, filter.pageSize, count) };
}
