import bcrypt from 'bcrypt';
import { ForeignKeyConstraintError, UniqueConstraintError, type Transaction } from 'sequelize';
import { Admin, AdminGroup } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { heldBy, ownChange, refusable, requireHeld, requireSitesHeld, sitesHeldBy } from './containment';
import { type Actor, changesOf, recordActorAction } from '../audit';
import { BCRYPT_ROUNDS } from '../auth';
import { normalizeSites, refuseSite, requireKnownSites, seesAdmin, visibleAdmins, type SiteScope } from './site-scope';
import { publicAdmin, type PublicAdmin, type PublicGroup } from './views';

/**
 * Administrator accounts. Every change writes its operation-log row in the same
 * transaction; what an administrator may grant or touch: ./containment.ts. Password hashes and token
 * versions never leave this module.
 */

function detailOf(admin: PublicAdmin) {
  return { account: admin.account, name: admin.name, groupId: admin.groupId, status: admin.status, sites: admin.sites };
}

export type AdminProfile = PublicAdmin & { group: Pick<PublicGroup, 'id' | 'name' | 'permissions' | 'description' | 'status'> | null };

/** GET /admin/profile and GET /admin/:id: the administrator with its group. Refused (`adminNotFound`) when missing. */
export async function getAdmin(id: number): Promise<AdminProfile> {
  const admin = await Admin.findByPk(id, { include: [AdminGroup] });
  if (!admin) throw new Refusal('admin.adminNotFound');
  const g = admin.group;
  return {
    ...publicAdmin(admin),
    group: g ? { id: g.id, name: g.name, permissions: g.permissions, description: g.description, status: g.status } : null,
  };
}

/**
 * GET /admin/:id: as getAdmin; an administrator a site-bound viewer does not see (one bound to a site
 * it lacks, or a platform administrator) is refused with a 403 written to the operation log
 * (./site-scope.ts).
 */
export async function getAdminFor(actor: Actor, viewer: SiteScope, id: number): Promise<AdminProfile> {
  const admin = await getAdmin(id);
  if (!seesAdmin(viewer, admin.sites)) {
    throw await refuseSite({
      adminId: actor.adminId,
      site: actor.siteCode,
      meta: actor.meta,
      reason: `administrator ${id} acts on sites you do not hold`,
      detail: { targetId: id },
    });
  }
  return admin;
}

/** GET /admin/list: the administrators the viewer sees (./site-scope.ts) with their group {id, name}, oldest first. */
export async function listAdmins(viewer: SiteScope): Promise<Array<PublicAdmin & { group: { id: number; name: string } | null }>> {
  const admins = await Admin.findAll({ where: visibleAdmins(viewer), include: [{ model: AdminGroup, attributes: ['id', 'name'] }], order: [['id', 'ASC']] });
  return admins.map((a) => ({ ...publicAdmin(a), group: a.group ? { id: a.group.id, name: a.group.name } : null }));
}

export interface CreateAdminInput {
  account: string;
  password: string;
  name: string;
  groupId: number;
  /** The sites the new administrator acts on; null: every site (platform); omitted: the actor's own. */
  sites?: string[] | null;
}

/**
 * POST /admin/create: refused with `accountTaken` (account exists), `groupNotFound`; a group holding a
 * permission the actor lacks, or sites the actor does not hold, are refused (./containment.ts); a site
 * code naming no site is refused (`siteUnknown`). Without `sites` the new administrator gets the actor's.
 */
export async function createAdmin(
  actor: Actor,
  input: CreateAdminInput,
): Promise<Pick<PublicAdmin, 'id' | 'account' | 'name' | 'groupId' | 'status' | 'createdAt'>> {
  const hash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  const asked = input.sites === undefined ? undefined : normalizeSites(input.sites);
  const attempt = {
    module: 'admin',
    action: 'create',
    targetId: null,
    summary: `create administrator ${input.account}`,
    detail: { account: input.account, name: input.name, groupId: input.groupId, sites: asked },
  } as const;
  return refusable(actor, attempt, async () => {
    try {
      return await db().transaction(async (transaction) => {
        if (await Admin.findOne({ where: { account: input.account }, attributes: ['id'], transaction })) throw new Refusal('admin.accountTaken');
        const group = await AdminGroup.findByPk(input.groupId, { attributes: ['id', 'name', 'permissions'], transaction });
        if (!group) throw new Refusal('admin.groupNotFound');
        requireHeld(await heldBy(actor, transaction), group.permissions, `group ${group.name} holds`);
        const held = await sitesHeldBy(actor, transaction);
        const sites = asked === undefined ? normalizeSites(held) : asked;
        requireSitesHeld(held, sites, 'the new administrator would act on');
        if (asked) await requireKnownSites(asked);
        const admin = await Admin.create(
          { account: input.account, password: hash, name: input.name, groupId: input.groupId, status: 1, sites },
          { transaction },
        );
        const view = publicAdmin(admin);
        await recordActorAction(actor, transaction, {
          module: 'admin',
          action: 'create',
          targetId: admin.id,
          summary: `created administrator ${admin.account}`,
          detail: detailOf(view),
        });
        const { id, account, name, groupId, status, createdAt } = view;
        return { id, account, name, groupId, status, createdAt };
      });
    } catch (err) {
      // Lost a race with a concurrent create (same account) or group delete.
      if (err instanceof UniqueConstraintError) throw new Refusal('admin.accountTaken');
      if (err instanceof ForeignKeyConstraintError) throw new Refusal('admin.groupNotFound');
      throw err;
    }
  });
}

export interface UpdateAdminInput {
  name?: string;
  password?: string;
  groupId?: number;
  status?: number;
  /** The sites it acts on; null: every site (platform). */
  sites?: string[] | null;
}

/**
 * The fields an update changes ({from, to} for the log; the password only as 'changed') and the values
 * to write. A new password or disabling raises the tokenVersion, which ends the administrator's tokens.
 */
function adminChanges(admin: Admin, input: UpdateAdminInput, hash: string | undefined) {
  const current = { name: admin.name, groupId: admin.groupId, status: admin.status, sites: admin.sites };
  const { changes, values } = changesOf(current, { name: input.name, groupId: input.groupId, status: input.status, sites: input.sites });
  const logged: Record<string, unknown> = { ...changes };
  if (hash !== undefined) {
    logged.password = 'changed';
    values.password = hash;
  }
  if (hash !== undefined || values.status === 0) values.tokenVersion = admin.tokenVersion + 1;
  return { changes: logged, values };
}

/** The fields an update asks for, as the log of a refusal keeps them (the password only as 'changed'). */
function requested(input: UpdateAdminInput): Record<string, unknown> {
  return { name: input.name, groupId: input.groupId, status: input.status, sites: input.sites, password: input.password !== undefined ? 'changed' : undefined };
}

/**
 * Refuses an update the actor may not make (./containment.ts): a change of one's own group, status or
 * sites (400 on the field), or any change of an administrator whose group, or whose new group, holds a
 * permission the actor lacks, or who acts, or would act, on a site the actor does not hold.
 */
async function checkUpdate(actor: Actor, admin: Admin, input: UpdateAdminInput, newGroup: AdminGroup | null, transaction: Transaction): Promise<void> {
  if (admin.id === actor.adminId) {
    if (input.groupId !== undefined && input.groupId !== admin.groupId) throw ownChange('groupId', 'you cannot change your own group');
    if (input.status !== undefined && input.status !== admin.status) throw ownChange('status', 'you cannot change your own status');
    if (input.sites !== undefined && JSON.stringify(input.sites) !== JSON.stringify(admin.sites)) throw ownChange('sites', 'you cannot change your own sites');
  }
  const sitesHeld = await sitesHeldBy(actor, transaction);
  requireSitesHeld(sitesHeld, admin.sites, `administrator ${admin.account} acts on`);
  if (input.sites !== undefined) requireSitesHeld(sitesHeld, input.sites, 'the administrator would act on');
  const held = await heldBy(actor, transaction);
  const group = await AdminGroup.findByPk(admin.groupId, { attributes: ['id', 'permissions'], transaction });
  requireHeld(held, group?.permissions ?? [], `the group of administrator ${admin.account} holds`);
  if (newGroup) requireHeld(held, newGroup.permissions, `group ${newGroup.name} holds`);
}

/**
 * PATCH /admin/:id: refused with `adminNotFound`, `groupNotFound` for a groupId naming no group;
 * refusals of ./containment.ts; a site code naming no site is refused (`siteUnknown`). A new password or
 * disabling ends the administrator's tokens; new sites apply from its next request.
 */
export async function updateAdmin(actor: Actor, id: number, update: UpdateAdminInput): Promise<AdminProfile> {
  const input = update.sites === undefined ? update : { ...update, sites: normalizeSites(update.sites) };
  const hash = input.password !== undefined ? await bcrypt.hash(input.password, BCRYPT_ROUNDS) : undefined;
  const attempt = { module: 'admin', action: 'update', targetId: id, summary: `update administrator ${id}`, detail: { changes: requested(input) } } as const;
  await refusable(actor, attempt, async () => {
    try {
      await db().transaction(async (transaction) => {
        const admin = await Admin.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
        if (!admin) throw new Refusal('admin.adminNotFound');
        const newGroup =
          input.groupId !== undefined ? await AdminGroup.findByPk(input.groupId, { attributes: ['id', 'name', 'permissions'], transaction }) : null;
        if (input.groupId !== undefined && !newGroup) throw new Refusal('admin.groupNotFound');
        await checkUpdate(actor, admin, input, newGroup, transaction);
        if (input.sites) await requireKnownSites(input.sites);
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
      if (err instanceof ForeignKeyConstraintError) throw new Refusal('admin.groupNotFound');
      throw err;
    }
  });
  return getAdmin(id);
}

/**
 * DELETE /admin/:id: refused with `adminNotFound`, `deleteOwnAccount` (one's own account); an
 * administrator whose group holds a permission the actor lacks, or who acts on a site the actor does
 * not hold, is refused (./containment.ts). Its tokens end with it.
 */
export async function deleteAdmin(actor: Actor, id: number): Promise<void> {
  if (id === actor.adminId) throw new Refusal('admin.deleteOwnAccount');
  await refusable(actor, { module: 'admin', action: 'delete', targetId: id, summary: `delete administrator ${id}`, detail: {} }, () =>
    db().transaction(async (transaction) => {
      const admin = await Admin.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!admin) throw new Refusal('admin.adminNotFound');
      const group = await AdminGroup.findByPk(admin.groupId, { attributes: ['id', 'permissions'], transaction });
      requireHeld(await heldBy(actor, transaction), group?.permissions ?? [], `the group of administrator ${admin.account} holds`);
      requireSitesHeld(await sitesHeldBy(actor, transaction), admin.sites, `administrator ${admin.account} acts on`);
      await admin.destroy({ transaction });
      await recordActorAction(actor, transaction, {
        module: 'admin',
        action: 'delete',
        targetId: id,
        summary: `deleted administrator ${admin.account}`,
        detail: detailOf(publicAdmin(admin)),
      });
    }),
  );
}
