import type { Admin, AdminGroup } from '../../db/models';

/** What the API shows of administrators and groups: never a password hash or a token version. */

export interface PublicAdmin {
  id: number;
  account: string;
  name: string;
  groupId: number;
  status: number;
  /** The sites it acts on; null for a platform administrator (every site). */
  sites: string[] | null;
  lastLoginIp: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PublicGroup {
  id: number;
  name: string;
  permissions: string[];
  description: string;
  status: number;
  createdAt: Date;
  updatedAt: Date;
}

export function publicAdmin(admin: Admin): PublicAdmin {
  const { id, account, name, groupId, status, lastLoginIp, lastLoginAt } = admin;
  return {
    id,
    account,
    name,
    groupId,
    status,
    sites: admin.sites ?? null,
    lastLoginIp,
    lastLoginAt,
    createdAt: admin.createdAt as Date,
    updatedAt: admin.updatedAt as Date,
  };
}

export function publicGroup(group: AdminGroup): PublicGroup {
  const { id, name, permissions, description, status } = group;
  return { id, name, permissions, description, status, createdAt: group.createdAt as Date, updatedAt: group.updatedAt as Date };
}
