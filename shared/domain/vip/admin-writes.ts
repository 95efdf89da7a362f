import type { Transaction } from 'sequelize';
import { type Actor, recordAdminAction } from '../audit';

/** What the administrators' VIP writes share: their operation-log row and the unique-key race. */

export interface VipLogEntry {
  action: string;
  targetId: number | string;
  summary: string;
  detail: unknown;
}

/** The operation-log row (module `vip`) of a write, in the write's transaction. */
export function logVipAction(actor: Actor, siteCode: string, transaction: Transaction, entry: VipLogEntry): Promise<void> {
  return recordAdminAction({ adminId: actor.adminId, ...actor.meta, siteCode, module: 'vip', ...entry }, { transaction });
}
