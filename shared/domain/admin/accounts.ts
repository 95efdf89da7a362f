import bcrypt from 'bcrypt';
import { ForeignKeyConstraintError, UniqueConstraintError } from 'sequelize';
import { Admin, AdminGroup } from '../../db/models';
import { db } from '../../db/sequelize';
import { BizError, InputError } from '../../errors';
import { BCRYPT_ROUNDS, type RequestMeta } from './login';
import { changesOf, recordActorAction } from './operation-log';
import { publicAdmin, type PublicAdmin, type PublicGroup } from './views';

/**
 * Administrator accounts (Part B 2.11, 4.9). Every change writes its operation-log row in the same
 * transaction. Password hashes and token versions never leave this module.
 */

/** Who is acting, and through which request (for the operation log). */
export interface Actor {
  adminId: number;
  siteCode: string | null;
  meta: RequestMeta;
}

/** 2002 for a missing group is answered with the create endpoint's "group not found" message. */
const groupNotFound = () => new BizError(2002, 'group not found', '/api/admin/create');

function detailOf(admin: PublicAdmin) {
  return { account: admin.account, name: admin.name, groupId: admin.groupId, status: admin.status };
}

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
      await recordActorAction(actor, transaction, { module: 'admin', action: 'create', targetId: admin.id, summary: `created administrator ${admin.account}`, detail: detailOf(view) });
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
 * The fields an update changes ({from, to} for the log; the password only as 'changed') and the values
 * to write. A new password or disabling raises the tokenVersion, which ends the administrator's tokens.
 */
function adminChanges(admin: Admin, input: UpdateAdminInput, hash: string | undefined) {
  const current = { name: admin.name, groupId: admin.groupId, status: admin.status };
  const { changes, values } = changesOf(current, { name: input.name, groupId: input.groupId, status: input.status });
  const logged: Record<string, unknown> = { ...changes };
  if (hash !== undefined) {
    logged.password = 'changed';
    values.password = hash;
  }
  if (hash !== undefined || values.status === 0) values.tokenVersion = admin.tokenVersion + 1;
  return { changes: logged, values };
}

/**
 * PATCH /admin/:id: 2001 administrator missing, 2002 (with the "group not found" message) for a groupId
 * naming no group. A new password or disabling ends the administrator's tokens. An administrator cannot
 * disable its own account (400 on `status`).
 */
export async function updateAdmin(actor: Actor, id: number, input: UpdateAdminInput): Promise<AdminProfile> {
  if (input.status === 0 && id === actor.adminId) throw new InputError('status', 'you cannot disable your own account');
  const hash = input.password !== undefined ? await bcrypt.hash(input.password, BCRYPT_ROUNDS) : undefined;
  try {
    await db().transaction(async (transaction) => {
      const admin = await Admin.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!admin) throw new BizError(2001);
      if (input.groupId !== undefined && !(await AdminGroup.findByPk(input.groupId, { attributes: ['id'], transaction }))) throw groupNotFound();
      const { changes, values } = adminChanges(admin, input, hash);
      if (Object.keys(values).length) await admin.update(values, { transaction });
      const fields = Object.keys(changes);
      await recordActorAction(actor, transaction, {
        module: 'admin',
        action: 'update',
        targetId: admin.id,
        summary: `updated administrator ${admin.account}${fields.length ? ` (${fields.join(', ')})` : ' (no changes)'}`,
        detail: { account: admin.account, changes },
      });
    });
  } catch (err) {
    if (err instanceof ForeignKeyConstraintError) throw groupNotFound();
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
    await recordActorAction(actor, transaction, { module: 'admin', action: 'delete', targetId: id, summary: `deleted administrator ${admin.account}`, detail: detailOf(publicAdmin(admin)) });
  });
}
