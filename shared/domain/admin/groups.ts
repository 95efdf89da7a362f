import { ForeignKeyConstraintError, UniqueConstraintError, type Transaction } from 'sequelize';
import { Admin, AdminGroup } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { type Actor, changesOf, recordActorAction } from '../audit';
import { heldBy, ownChange, refusable, requireHeld } from './containment';
import { normalizePermissions } from './permissions';
import { visibleAdmins, type SiteScope } from './site-scope';
import { publicAdmin, publicGroup, type PublicAdmin, type PublicGroup } from './views';

/**
 * Administrator groups and their permissions. Every change writes its operation-log
 * row in the same transaction; what an administrator may grant or touch: ./containment.ts.
 */

/**
 * GET /admin/groups/list: every group with its number of administrators the viewer sees
 * (./site-scope.ts), oldest first. Groups are shared by every site.
 */
export async function listGroups(viewer: SiteScope): Promise<Array<PublicGroup & { adminCount: number }>> {
  const [groups, counts] = await Promise.all([
    AdminGroup.findAll({ order: [['id', 'ASC']] }),
    Admin.count({ where: visibleAdmins(viewer), group: ['groupId'] }) as unknown as Promise<Array<{ groupId: number; count: number }>>,
  ]);
  const byGroup = new Map(counts.map((c) => [c.groupId, Number(c.count)]));
  return groups.map((g) => ({ ...publicGroup(g), adminCount: byGroup.get(g.id) ?? 0 }));
}

/** GET /admin/groups/:id: the group and its administrators the viewer sees. Refused (`groupNotFound`) when missing. */
export async function getGroup(id: number, viewer: SiteScope): Promise<PublicGroup & { admins: PublicAdmin[] }> {
  const group = await AdminGroup.findByPk(id);
  if (!group) throw new Refusal('admin.groupNotFound');
  const admins = await Admin.findAll({ where: { ...visibleAdmins(viewer), groupId: id }, order: [['id', 'ASC']] });
  return { ...publicGroup(group), admins: admins.map(publicAdmin) };
}

export interface GroupInput {
  name?: string;
  permissions?: string[];
  description?: string;
  status?: number;
}

const duplicateName = (name: string) => new Refusal('admin.groupNameTaken', `a group named "${name}" already exists`);

async function nameTaken(name: string, transaction: Transaction, exceptId?: number): Promise<boolean> {
  const other = await AdminGroup.findOne({ where: { name }, attributes: ['id'], transaction });
  return Boolean(other && other.id !== exceptId);
}

/** The operation log's detail of a group. */
const groupDetail = (group: PublicGroup) => ({ name: group.name, permissions: group.permissions, description: group.description, status: group.status });

/**
 * POST /admin/groups/create. A name already used by another group is refused (`groupNameTaken`);
 * permissions the actor lacks are refused (./containment.ts).
 */
export async function createGroup(actor: Actor, input: Required<Pick<GroupInput, 'name' | 'permissions'>> & GroupInput): Promise<PublicGroup> {
  const permissions = normalizePermissions(input.permissions);
  const attempt = {
    module: 'admin-group',
    action: 'create',
    targetId: null,
    summary: `create administrator group ${input.name}`,
    detail: { name: input.name, permissions },
  } as const;
  return refusable(actor, attempt, async () => {
    try {
      return await db().transaction(async (transaction) => {
        if (await nameTaken(input.name, transaction)) throw duplicateName(input.name);
        requireHeld(await heldBy(actor, transaction), permissions, 'the group would hold');
        const group = await AdminGroup.create(
          { name: input.name, permissions, description: input.description ?? '', status: input.status ?? 1 },
          { transaction },
        );
        const view = publicGroup(group);
        await recordActorAction(actor, transaction, {
          module: 'admin-group',
          action: 'create',
          targetId: group.id,
          summary: `created administrator group ${group.name}`,
          detail: groupDetail(view),
        });
        return view;
      });
    } catch (err) {
      if (err instanceof UniqueConstraintError) throw duplicateName(input.name);
      throw err;
    }
  });
}

/**
 * PATCH /admin/groups/:id: refused when missing (`groupNotFound`) or when the new name is another
 * group's (`groupNameTaken`). Permission changes apply to its administrators' next request.
 * Refused (./containment.ts): disabling one's own group (400 on `status`: it would lock one out), and
 * any change of a group that holds, or would hold, a permission the actor lacks.
 */
export async function updateGroup(actor: Actor, id: number, input: GroupInput, actorGroupId: number): Promise<PublicGroup> {
  const permissions = input.permissions !== undefined ? normalizePermissions(input.permissions) : undefined;
  const next = { name: input.name, permissions, description: input.description, status: input.status };
  const attempt = { module: 'admin-group', action: 'update', targetId: id, summary: `update administrator group ${id}`, detail: { changes: next } } as const;
  return refusable(actor, attempt, async () => {
    try {
      return await db().transaction(async (transaction) => {
        const group = await AdminGroup.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
        if (!group) throw new Refusal('admin.groupNotFound');
        if (input.status === 0 && id === actorGroupId && group.status !== 0) throw ownChange('status', 'you cannot disable your own group');
        if (input.name !== undefined && input.name !== group.name && (await nameTaken(input.name, transaction, id))) throw duplicateName(input.name);
        const held = await heldBy(actor, transaction);
        requireHeld(held, group.permissions, `group ${group.name} holds`);
        if (permissions) requireHeld(held, permissions, 'the group would hold');
        const { changes, values } = changesOf(group as unknown as Record<string, unknown>, next);
        if (Object.keys(values).length) await group.update(values, { transaction });
        const fields = Object.keys(changes);
        await recordActorAction(actor, transaction, {
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
  });
}

/**
 * DELETE /admin/groups/:id: refused with `groupNotFound`, `groupHasAdmins` (it still has
 * administrators); a group holding a permission the actor lacks is refused (./containment.ts).
 */
export async function deleteGroup(actor: Actor, id: number): Promise<void> {
  try {
    await refusable(actor, { module: 'admin-group', action: 'delete', targetId: id, summary: `delete administrator group ${id}`, detail: {} }, () =>
      db().transaction(async (transaction) => {
        const group = await AdminGroup.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
        if (!group) throw new Refusal('admin.groupNotFound');
        if ((await Admin.count({ where: { groupId: id }, transaction })) > 0) throw new Refusal('admin.groupHasAdmins');
        requireHeld(await heldBy(actor, transaction), group.permissions, `group ${group.name} holds`);
        const view = publicGroup(group);
        await group.destroy({ transaction });
        await recordActorAction(actor, transaction, {
          module: 'admin-group',
          action: 'delete',
          targetId: id,
          summary: `deleted administrator group ${view.name}`,
          detail: groupDetail(view),
        });
      }),
    );
  } catch (err) {
    // An administrator was added to the group meanwhile.
    if (err instanceof ForeignKeyConstraintError) throw new Refusal('admin.groupHasAdmins');
    throw err;
  }
}
