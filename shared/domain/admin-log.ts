import { AdminOperationLog } from '../db/models';

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

/** One row of the administrators' operation log (Part B 2.11, 5.5). */
export async function recordAdminAction(entry: AdminAction): Promise<void> {
  await AdminOperationLog.create({
    ...entry,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    userAgent: entry.userAgent?.slice(0, 255) ?? null,
    path: entry.path?.slice(0, 255) ?? null,
    summary: entry.summary?.slice(0, 255) ?? null,
  });
}
