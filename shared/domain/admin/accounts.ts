import bcrypt from 'bcrypt';
import { ForeignKeyConstraintError, UniqueConstraintError, type Transaction } from 'sequelize';
import { Admin, AdminGroup } from '../../db/models';
import { ADMIN_MODULES, ALL_PERMISSIONS } from '../../db/seeders/data/admin-permissions';
import { db } from '../../db/sequelize';
import { BizError, HttpError } from '../../errors';
import { BCRYPT_ROUNDS, type RequestMeta } from './login';
import { recordAdminAction } from './operation-log';

/**
 * Administrator accounts and groups (Part B 2.11, 4.9). Every change writes its operation-log row in
 * the same transaction. Password hashes and token versions never leave this module.
 */

/** Who is acting, and through which request (for the operation log). */
export interface Actor {
  adminId: number;
  siteCode: string | null;
  meta: RequestMeta;
}

export interface PublicAdmin {
  id: number;
  account: string;
  name: string;
  groupId: number;
  status: number;
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

const ADMIN_GROUP_MESSAGE_PATH = '/api/admin/create';

export function publicAdmin(admin: Admin): PublicAdmin {
  const { id, account, name, groupId, status, lastLoginIp, lastLoginAt } = admin;
  return { id, account, name, groupId, status, lastLoginIp, lastLoginAt, createdAt: admin.createdAt as Date, updatedAt: admin.updatedAt as Date };
}

export function publicGroup(group: AdminGroup): PublicGroup {
  const { id, name, permissions, description, status } = group;
  return { id, name, permissions, description, status, createdAt: group.createdAt as Date, updatedAt: group.updatedAt as Date };
}

function detailOf(admin: PublicAdmin) {
  return { account: admin.account, name: admin.name, groupId: admin.groupId, status: admin.status };
}

function log(actor: Actor, transaction: Transaction, entry: { module: string; action: string; targetId: number; summary: string; detail: unknown }) {
  return recordAdminAction({ adminId: actor.adminId, siteCode: actor.siteCode, ...actor.meta, ...entry }, { transaction });
}

// ---------------------------------------------------------------------------------------------------
// Permission strings

const PERMISSION = /^([a-z0-9-]+):(read|write)$/;

/** The first permission string that is neither `*` nor `<module>:<read|write>` of a known module. */
export function invalidPermission(permissions: readonly string[]): string | undefined {
  return permissions.find((p) => {
    if (p === ALL_PERMISSIONS) return false;
    const m = PERMISSION.exec(p);
    return !m || !ADMIN_MODULES.includes(m[1]);
  });
}

/** Validated and de-duplicated (first occurrence kept); a bad string is a 400 naming it. */
export function normalizePermissions(permissions: readonly string[]): string[] {
  const bad = invalidPermission(permissions);
  if (bad !== undefined) {
    const message = `permissions: "${bad.slice(0, 60)}" is not a permission (use "*" or <module>:<read|write> with a known module)`;
    throw new HttpError(400, `Invalid body: ${message}`, { errors: [{ field: 'permissions', message }] });
  }
  return [...new Set(permissions)];
}

function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, `Invalid body: ${field}: ${message}`, { errors: [{ field, message }] });
}

// ---------------------------------------------------------------------------------------------------
// Administrators

export type AdminProfile = PublicAdmin & { group: Pick<PublicGroup, 'id' | 'name' | 'permissions' | 'description' | 'status'> | null };

/** GET /admin/profile and GET /admin/:id: the administrator with its group. 2001 when missing. */
export async function getAdmin(id: number): Promise<AdminProfile> {
  const admin = await Admin.findByPk(id, { include: [AdminGroup] });
  if (!admin) throw new BizError(2001);
  const g = admin.group;
  return {
    ...publicAdmin(admin),
    group: g ? { id: g.id, name: g.name, permissions: g.permissions, description: g.description, status: g.status } : null,
  };
}

/** GET /admin/list: every administrator with its group {id, name}, oldest first. */
export async function listAdmins(): Promise<Array<PublicAdmin & { group: { id: number; name: string } | null }>> {
  const admins = await Admin.findAll({ include: [{ model: AdminGroup, attributes: ['id', 'name'] }], order: [['id', 'ASC']] });
  return admins.map((a) => ({ ...publicAdmin(a), group: a.group ? { id: a.group.id, name: a.group.name } : null }));
}

export interface CreateAdminInput {
  account: string;
  password: string;
  name: string;
  groupId: number;
}

/** POST /admin/create: 2001 account exists, 2002 group missing. */
export async function createAdmin(actor: Actor, input: CreateAdminInput): Promise<Pick<PublicAdmin, 'id' | 'account' | 'name' | 'groupId' | 'status' | 'createdAt'>> {
  const hash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  try {
    return await db().transaction(async (transaction) => {
      if (await Admin.findOne({ where: { account: input.account }, attributes: ['id'], transaction })) throw new BizError(2001);
      if (!(await AdminGroup.findByPk(input.groupId, { attributes: ['id'], transaction }))) throw new BizError(2002);
      const admin = await Admin.create({ account: input.account, password: hash, name: input.name, groupId: input.groupId, status: 1 }, { transaction });
      const view = publicAdmin(admin);
      await log(actor, transaction, { module: 'admin', action: 'create', targetId: admin.id, summary: `created administrator ${admin.account}`, detail: detailOf(view) });
      const { id, account, name, groupId, status, createdAt } = view;
      return { id, account, name, groupId, status, createdAt };
    });
  } catch (err) {
    // Lost a race with a concurrent create (same account) or group delete.
    if (err instanceof UniqueConstraintError) throw new BizError(2001);
    if (err instanceof ForeignKeyConstraintError) throw new BizError(2002);
    throw err;
  }
}

export interface UpdateAdminInput {
  name?: string;
  password?: string;
  groupId?: number;
  status?: number;
}

/**
 * PATCH /admin/:id: 2001 administrator missing, 2002 (with the "group not found" message) for a groupId
 * naming no group. A new password or disabling raises the tokenVersion, which ends the administrator's
 * tokens. An administrator cannot disable its own account (400 on `status`).
 */
export async function updateAdmin(actor: Actor, id: number, input: UpdateAdminInput): Promise<AdminProfile> {
  if (input.status === 0 && id === actor.adminId) throw fieldError('status', 'you cannot disable your own account');
  const hash = input.password !== undefined ? await bcrypt.hash(input.password, BCRYPT_ROUNDS) : undefined;
  try {
    await db().transaction(async (transaction) => {
      const admin = await Admin.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!admin) throw new BizError(2001);
      if (input.groupId !== undefined && !(await AdminGroup.findByPk(input.groupId, { attributes: ['id'], transaction }))) {
        throw new BizError(2002, 'group not found', ADMIN_GROUP_MESSAGE_PATH);
      }
      const changes: Record<string, unknown> = {};
      const values: Record<string, unknown> = {};
      for (const key of ['name', 'groupId', 'status'] as const) {
        if (input[key] !== undefined && input[key] !== admin[key]) {
          changes[key] = { from: admin[key], to: input[key] };
          values[key] = input[key];
        }
      }
      if (hash !== undefined) {
        changes.password = 'changed';
        values.password = hash;
      }
      if (hash !== undefined || values.status === 0) values.tokenVersion = admin.tokenVersion + 1;
      if (Object.keys(values).length) await admin.update(values, { transaction });
      const fields = Object.keys(changes);
      await log(actor, transaction, {
        module: 'admin',
        action: 'update',
        targetId: admin.id,
        summary: `updated administrator ${admin.account}${fields.length ? ` (${fields.join(', ')})` : ' (no changes)'}`,
        detail: { account: admin.account, changes },
      });
    });
  } catch (err) {
    if (err instanceof ForeignKeyConstraintError) throw new BizError(2002, 'group not found', ADMIN_GROUP_MESSAGE_PATH);
    throw err;
  }
  return getAdmin(id);
}

/** DELETE /admin/:id: 2001 missing, 2002 one's own account. Its tokens end with it. */
export async function deleteAdmin(actor: Actor, id: number): Promise<void> {
  if (id === actor.adminId) throw new BizError(2002);
  await db().transaction(async (transaction) => {
    const admin = await Admin.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!admin) throw new BizError(2001);
    await admin.destroy({ transaction });
    await log(actor, transaction, { module: 'admin', action: 'delete', targetId: id, summary: `deleted administrator ${admin.account}`, detail: detailOf(publicAdmin(admin)) });
  });
}

// ---------------------------------------------------------------------------------------------------
// Groups

/** GET /admin/groups/list: every group with its number of administrators, oldest first. */
export async function listGroups(): Promise<Array<PublicGroup & { adminCount: number }>> {
  const [groups, counts] = await Promise.all([
    AdminGroup.findAll({ order: [['id', 'ASC']] }),
    Admin.count({ group: ['groupId'] }) as unknown as Promise<Array<{ groupId: number; count: number }>>,
  ]);
  const byGroup = new Map(counts.map((c) => [c.groupId, Number(c.count)]));
  return groups.map((g) => ({ ...publicGroup(g), adminCount: byGroup.get(g.id) ?? 0 }));
}

/** GET /admin/groups/:id: the group and its administrators. 2001 when missing. */
export async function getGroup(id: number): Promise<PublicGroup & { admins: PublicAdmin[] }> {
  const group = await AdminGroup.findByPk(id);
  if (!group) throw new BizError(2001);
  const admins = await Admin.findAll({ where: { groupId: id }, order: [['id', 'ASC']] });
  return { ...publicGroup(group), admins: admins.map(publicAdmin) };
}

export interface GroupInput {
  name?: string;
  permissions?: string[];
  description?: string;
  status?: number;
}

function duplicateName(name: string): HttpError {
  return fieldError('name', `a group named "${name}" already exists`);
}

async function nameTaken(name: string, transaction: Transaction, exceptId?: number): Promise<boolean> {
  const other = await AdminGroup.findOne({ where: { name }, attributes: ['id'], transaction });
  return Boolean(other && other.id !== exceptId);
}

/** POST /admin/groups/create. A name already used by another group is a 400 on `name`. */
export async function createGroup(actor: Actor, input: Required<Pick<GroupInput, 'name' | 'permissions'>> & GroupInput): Promise<PublicGroup> {
  const permissions = normalizePermissions(input.permissions);
  try {
    return await db().transaction(async (transaction) => {
      if (await nameTaken(input.name, transaction)) throw duplicateName(input.name);
      const group = await AdminGroup.create({ name: input.name, permissions, description: input.description ?? '', status: input.status ?? 1 }, { transaction });
      const view = publicGroup(group);
      await log(actor, transaction, {
        module: 'admin-group',
        action: 'create',
        targetId: group.id,
        summary: `created administrator group ${group.name}`,
        detail: { name: view.name, permissions: view.permissions, description: view.description, status: view.status },
      });
      return view;
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw duplicateName(input.name);
    throw err;
  }
}

/**
 * PATCH /admin/groups/:id: 2001 missing. Permission changes apply to its administrators' next request.
 * An administrator cannot disable its own group (400 on `status`): that would lock it out.
 */
export async function updateGroup(actor: Actor, id: number, input: GroupInput, actorGroupId: number): Promise<PublicGroup> {
  const permissions = input.permissions !== undefined ? normalizePermissions(input.permissions) : undefined;
  try {
    return await db().transaction(async (transaction) => {
      const group = await AdminGroup.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!group) throw new BizError(2001);
      if (input.status === 0 && id === actorGroupId && group.status !== 0) throw fieldError('status', 'you cannot disable your own group');
      if (input.name !== undefined && input.name !== group.name && (await nameTaken(input.name, transaction, id))) throw duplicateName(input.name);
      const next: Record<string, unknown> = { name: input.name, permissions, description: input.description, status: input.status };
      const changes: Record<string, unknown> = {};
      const values: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(next)) {
        const current = (group as unknown as Record<string, unknown>)[key];
        if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current)) {
          changes[key] = { from: current, to: value };
          values[key] = value;
        }
      }
      if (Object.keys(values).length) await group.update(values, { transaction });
      const fields = Object.keys(changes);
      await log(actor, transaction, {
        module: 'admin-group',
        action: 'update',
        targetId: id,
        summary: `updated administrator group ${group.name}${fields.length ? ` (${fields.join(', ')})` : ' (no changes)'}`,
        detail: { name: group.name, changes },
      });
      return publicGroup(group);
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError && input.name !== undefined) throw duplicateName(input.name);
    throw err;
  }
}

/** DELETE /admin/groups/:id: 2001 missing, 2002 still has administrators. */
export async function deleteGroup(actor: Actor, id: number): Promise<void> {
  try {
    await db().transaction(async (transaction) => {
      const group = await AdminGroup.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!group) throw new BizError(2001);
      if ((await Admin.count({ where: { groupId: id }, transaction })) > 0) throw new BizError(2002);
      const view = publicGroup(group);
      await group.destroy({ transaction });
      await log(actor, transaction, {
        module: 'admin-group',
        action: 'delete',
        targetId: id,
        summary: `deleted administrator group ${view.name}`,
        detail: { name: view.name, permissions: view.permissions, description: view.description, status: view.status },
      });
    });
  } catch (err) {
    // An administrator was added to the group meanwhile.
    if (err instanceof ForeignKeyConstraintError) throw new BizError(2002);
    throw err;
  }
}
