import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { InputError, Refusal } from '../../errors';
import { type Actor, recordActorAction } from '../audit';
import { pageOffset, pagination } from '../common';
import { bonusSettings } from '../site-config';
import { MAX_MONEY, money } from '../wallet';
import {
  bonusBalanceOf,
  forfeitAllRows,
  forfeitGrantRow,
  grantById,
  grantRows,
  type GrantRow,
  type GrantSource,
  type GrantStatus,
  insertGrant,
  lockActiveGrants,
  playerGrantRows,
} from './queries';

/**
 * Bonus grants (docs/decisions/bonus.md): the operators' grant, list and forfeit, the player's list and
 * forfeit, and the forfeits other areas ask for (a withdrawal request, an exclusion starting). The money
 * moves in the database functions of shared/db/functions/bonus/ under the player's row lock; this module
 * checks input, maps refusals and writes the operation log.
 */

/** A grant as answers show it (the player's and the operators'). */
export interface GrantView {
  id: number;
  userId: number;
  source: GrantSource;
  status: GrantStatus;
  amount: string;
  balance: string;
  progress: { wagered: string; required: string; remaining: string };
  maxBet: string | null;
  maxConversion: string | null;
  expiresAt: Date;
  reason: string;
  convertedAmount: string | null;
  forfeitedAmount: string | null;
  endReason: string | null;
  endedAt: Date | null;
  createdAt: Date;
}

export function grantView(row: GrantRow): GrantView {
  const remaining = Decimal.max(0, new Decimal(row.wageringRequired).minus(row.wagered));
  return {
    id: Number(row.id),
    userId: row.userId,
    source: row.source,
    status: row.status,
    amount: money(row.amount),
    balance: money(row.balance),
    progress: { wagered: money(row.wagered), required: money(row.wageringRequired), remaining: money(remaining) },
    maxBet: row.maxBet === null ? null : money(row.maxBet),
    maxConversion: row.maxConversion === null ? null : money(row.maxConversion),
    expiresAt: row.expiresAt,
    reason: row.reason,
    convertedAmount: row.convertedAmount === null ? null : money(row.convertedAmount),
    forfeitedAmount: row.forfeitedAmount === null ? null : money(row.forfeitedAmount),
    endReason: row.endReason,
    endedAt: row.endedAt,
    createdAt: row.createdAt,
  };
}

export interface GrantInput {
  userId: number;
  /** Decimal string above 0. */
  amount: string;
  /** Decimal string: wagering required = amount x this. */
  wageringMultiplier: string;
  maxBet: string | null;
  maxConversion: string | null;
  expiresAt: Date;
  reason: string;
}

/** The wagering a grant needs: amount x multiplier, to 6 decimals; more than a money column holds is a 400. */
export function wageringOf(amount: string, multiplier: string): string {
  const required = new Decimal(amount).times(multiplier).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  if (required.gt(MAX_MONEY)) throw new InputError('wageringMultiplier', 'amount x wageringMultiplier must be at most 999999999999.999999');
  return required.toFixed(6);
}

/**
 * A grant of `source` in the caller's transaction (an operator's, a promotion's or an offer's): refused
 * `bonus.playerNotFound` (not a player of the site), `bonus.grantActive` (one active grant at a time).
 */
export async function grantInTransaction(t: Transaction, site: string, source: GrantSource, input: GrantInput, grantedBy: number | null): Promise<GrantRow> {
  if (input.expiresAt.getTime() <= Date.now()) throw new InputError('expiresAt', 'must be in the future');
  const { refusal, grantId } = await insertGrant(t, {
    site,
    userId: input.userId,
    source,
    amount: input.amount,
    wageringRequired: wageringOf(input.amount, input.wageringMultiplier),
    maxBet: input.maxBet,
    maxConversion: input.maxConversion,
    expiresAt: input.expiresAt,
    reason: input.reason,
    grantedBy,
  });
  if (refusal === 'playerNotFound') throw new Refusal('bonus.playerNotFound');
  if (refusal === 'grantActive') throw new Refusal('bonus.grantActive');
  return (await grantById(site, Number(grantId), t)) as GrantRow;
}

/** POST /bonus/admin/grants: an operator's grant with its reason, operation-logged. */
export async function grantByOperator(actor: Actor, site: string, input: GrantInput): Promise<GrantView> {
  const row = await db().transaction(async (t) => {
    const granted = await grantInTransaction(t, site, 'operator', input, actor.adminId);
    await recordActorAction(actor, t, {
      module: 'bonus',
      action: 'grant',
      targetId: Number(granted.id),
      summary: `granted bonus ${money(granted.amount)} to player ${input.userId}: ${input.reason}`,
      detail: {
        userId: input.userId,
        amount: money(granted.amount),
        wageringMultiplier: input.wageringMultiplier,
        wageringRequired: money(granted.wageringRequired),
        maxBet: input.maxBet,
        maxConversion: input.maxConversion,
        expiresAt: input.expiresAt.toISOString(),
        reason: input.reason,
      },
    });
    return granted;
  });
  return grantView(row);
}

/** GET /bonus/admin/grants: the site's grants, newest first, by player and status. */
export async function listGrants(site: string, filter: { userId?: number; status?: GrantStatus; page: number; pageSize: number }) {
  const { total, rows } = await grantRows(site, {
    userId: filter.userId,
    status: filter.status,
    limit: filter.pageSize,
    offset: pageOffset(filter.page, filter.pageSize),
  });
  return { items: rows.map(grantView), pagination: pagination(filter.page, filter.pageSize, total) };
}

function forfeitRefusal(refusal: string | null): void {
  if (refusal === 'grantNotFound') throw new Refusal('bonus.grantNotFound');
  if (refusal === 'grantEnded') throw new Refusal('bonus.grantEnded');
}

/** POST /bonus/admin/grants/:id/forfeit: an operator forfeits a grant of the site with a reason, operation-logged. */
export async function forfeitByOperator(actor: Actor, site: string, id: number, reason: string): Promise<GrantView> {
  await db().transaction(async (t) => {
    const result = await forfeitGrantRow(t, { site, grantId: id, userId: null, reason, by: actor.adminId });
    forfeitRefusal(result.refusal);
    const row = (await grantById(site, id, t)) as GrantRow;
    await recordActorAction(actor, t, {
      module: 'bonus',
      action: 'forfeit',
      targetId: id,
      summary: `forfeited bonus grant ${id} of player ${row.userId} (${money(result.forfeited ?? 0)}): ${reason}`,
      detail: { userId: row.userId, forfeited: money(result.forfeited ?? 0), reason },
    });
  });
  return grantView((await grantById(site, id)) as GrantRow);
}

/** GET /bonus: the player's bonus balance and grants (active and past, newest first, the latest 100). */
export async function playerBonus(site: string, userId: number): Promise<{ bonusBalance: string; grants: GrantView[] }> {
  const [balance, rows] = await Promise.all([bonusBalanceOf(userId), playerGrantRows(site, userId, 100)]);
  return { bonusBalance: money(balance ?? 0), grants: rows.map(grantView) };
}

/** POST /bonus/:id/forfeit: the player gives up their own active grant. */
export async function forfeitByPlayer(site: string, userId: number, id: number): Promise<GrantView> {
  await db().transaction(async (t) => {
    const result = await forfeitGrantRow(t, { site, grantId: id, userId, reason: 'forfeited by the player', by: null });
    forfeitRefusal(result.refusal);
  });
  return grantView((await grantById(site, id)) as GrantRow);
}

/**
 * A withdrawal request of the player, in its transaction after the player's row is locked: when the site
 * forfeits bonuses on withdrawal and a grant is active, the request must confirm (`forfeitBonuses`), else
 * `bonus.forfeitRequired` whose data lists the grants that would be lost; confirmed, every active grant is
 * forfeited. Answers the amount forfeited.
 */
export async function forfeitForWithdrawal(t: Transaction, site: string, userId: number, confirmed: boolean): Promise<string> {
  const { forfeitOnWithdrawal } = await bonusSettings(site, t);
  if (!forfeitOnWithdrawal) return money(0);
  const active = await lockActiveGrants(t, userId);
  if (active.length === 0) return money(0);
  if (!confirmed) {
    throw new Refusal('bonus.forfeitRequired', undefined, {
      forfeits: active.map((g) => ({ id: Number(g.id), balance: money(g.balance), progress: grantView(g).progress })),
      total: money(active.reduce((sum, g) => sum.plus(g.balance), new Decimal(0))),
    });
  }
  return money(await forfeitAllRows(t, userId, 'withdrawal requested'));
}

/** An exclusion (cooling-off, self-exclusion) starting, in its transaction under the player's row: every active grant forfeited; the total. */
export async function forfeitOnExclusion(t: Transaction, userId: number): Promise<string> {
  return money(await forfeitAllRows(t, userId, 'exclusion started'));
}
