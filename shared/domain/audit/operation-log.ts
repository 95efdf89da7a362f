import type { Transaction } from 'sequelize';
import { AdminOperationLog } from '../../db/models';
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
 * One row of the administrators' operation log. Pass the transaction of the change
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
