import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { config } from '../../config';
import { Admin, AdminOperationLog } from '../../db/models';
import { db } from '../../db/sequelize';
import { pagination } from '../common/paging';
import type { Actor } from './actor';

export interface AdminAction {
  adminId: number | null;
  siteCode?: string | null;
  module: string;
  action: string;
  targetId?: string | number | null;
  ip?: string | null;
  userAgent?: string | null;
  method?: string;
  path?: string;
  detail?: unknown;
  summary?: string;
}

/**
 * One row of the administrators' operation log (Part B 2.11, 5.5). Pass the transaction of the change
 * it records, so the change and its log row commit (or roll back) together.
 */
export async function recordAdminAction(entry: AdminAction, options: { transaction?: Transaction } = {}): Promise<void> {
  await AdminOperationLog.create(
    {
      ...entry,
      targetId: entry.targetId == null ? null : String(entry.targetId).slice(0, 64),
      ip: entry.ip?.slice(0, 64) ?? null,
      userAgent: entry.userAgent?.slice(0, 255) ?? null,
      path: entry.path?.slice(0, 255) ?? null,
      summary: entry.summary?.slice(0, 255) ?? null,
    },
    { transaction: options.transaction },
  );
}

/** What an administrator's change writes to the operation log, besides who and from where. */
export interface ActorActionEntry {
  module: string;
  action: string;
  targetId: number;
  summary: string;
  detail: unknown;
}

/** One change made by the acting administrator, logged with its request and site filter in the change's transaction. */
export function recordActorAction(actor: Actor, transaction: Transaction, entry: ActorActionEntry): Promise<void> {
  return recordAdminAction({ adminId: actor.adminId, siteCode: actor.siteCode, ...actor.meta, ...entry }, { transaction });
}

export interface AdminLogFilter {
  adminId?: number;
  module?: string;
  action?: string;
  /** YYYY-MM-DD, from the start of that day in APP_TIMEZONE. */
  startDate?: string;
  /** YYYY-MM-DD, up to the end of that day in APP_TIMEZONE (inclusive). */
  endDate?: string;
  page: number;
  pageSize: number;
}

export interface AdminLogItem {
  id: number;
  adminId: number | null;
  admin: { id: number; account: string; name: string } | null;
  siteCode: string | null;
  module: string;
  action: string;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  method: string | null;
  path: string | null;
  detail: unknown;
  summary: string | null;
  createdAt: Date;
}

/** Midnight starting `date` (YYYY-MM-DD) in APP_TIMEZONE, computed by Postgres. */
function dayStart(date: string, plusDays = 0) {
  const sequelize = db();
  const tz = sequelize.escape(config().appTimezone);
  return sequelize.literal(`((${sequelize.escape(date)}::date + ${plusDays})::timestamp AT TIME ZONE ${tz})`);
}

/**
 * GET /admin/logs/list: newest first, filtered by administrator, module, action and a date range whose
 * end day is included whole. Each item carries its administrator {id, account, name} (null once that
 * administrator has been deleted).
 */
export async function listAdminLogs(filter: AdminLogFilter): Promise<{ items: AdminLogItem[]; total: number; page: number; pageSize: number; totalPages: number }> {
  const conditions: WhereOptions[] = [];
  if (filter.adminId !== undefined) conditions.push({ adminId: filter.adminId });
  if (filter.module) conditions.push({ module: filter.module });
  if (filter.action) conditions.push({ action: filter.action });
  if (filter.startDate) conditions.push({ createdAt: { [Op.gte]: dayStart(filter.startDate) } });
  if (filter.endDate) conditions.push({ createdAt: { [Op.lt]: dayStart(filter.endDate, 1) } });
  const { rows, count } = await AdminOperationLog.findAndCountAll({
    where: { [Op.and]: conditions },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  });
  const adminIds = [...new Set(rows.map((r) => r.adminId).filter((id): id is number => id != null))];
  const admins = adminIds.length ? await Admin.findAll({ where: { id: adminIds }, attributes: ['id', 'account', 'name'] }) : [];
  const byId = new Map(admins.map((a) => [a.id, { id: a.id, account: a.account, name: a.name }]));
  const items = rows.map((r) => ({
    id: Number(r.id),
    adminId: r.adminId,
    admin: r.adminId != null ? (byId.get(r.adminId) ?? null) : null,
    siteCode: r.siteCode,
    module: r.module,
    action: r.action,
    targetId: r.targetId,
    ip: r.ip,
    userAgent: r.userAgent,
    method: r.method,
    path: r.path,
    detail: r.detail ?? null,
    summary: r.summary,
    createdAt: r.createdAt as Date,
  }));
  return { items, ...pagination(filter.page, filter.pageSize, count) };
}

/**
 * What an administrator's update changes: the fields whose value differs ({from, to}, for the operation
 * log's detail) and the values to write. Undefined fields are not part of the update.
 */
export function changesOf(
  current: Record<string, unknown>,
  next: Record<string, unknown>,
): { changes: Record<string, { from: unknown; to: unknown }>; values: Record<string, unknown> } {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(current[key])) {
      changes[key] = { from: current[key], to: value };
      values[key] = value;
    }
  }
  return { changes, values };
}
