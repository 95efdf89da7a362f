import { Op, type WhereOptions } from 'sequelize';
import { config } from '../../config';
import { Admin, AdminOperationLog } from '../../db/models';
import { db } from '../../db/sequelize';
import { pagination } from '../common';

/** Reading the operation log (GET /admin/logs/list); its rows are written by ../audit/operation-log.ts. */

export interface AdminLogFilter {
  adminId?: number;
  module?: string;
  action?: string;
  /** YYYY-MM-DD, from the start of that day in APP_TIMEZONE. */
  startDate?: string;
  /** YYYY-MM-DD, up to the end of that day in APP_TIMEZONE (inclusive). */
  endDate?: string;
  /** Only the rows of this site: a site-bound viewer's site (docs/decisions/admin.md, "Administrators bound to sites"). */
  siteCode?: string;
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
export async function listAdminLogs(
  filter: AdminLogFilter,
): Promise<{ items: AdminLogItem[]; total: number; page: number; pageSize: number; totalPages: number }> {
  const conditions: WhereOptions[] = [];
  if (filter.adminId !== undefined) conditions.push({ adminId: filter.adminId });
  if (filter.module) conditions.push({ module: filter.module });
  if (filter.action) conditions.push({ action: filter.action });
  if (filter.siteCode !== undefined) conditions.push({ siteCode: filter.siteCode });
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
