import { config } from '../../config';
import { Admin, AdminGroup } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal, SessionEndedError } from '../../errors';
import { type Actor, recordActorAction, recordAdminAction, type RequestMeta } from '../audit';
import { newTotpSecret, spendTotpCode } from '../auth';
import { heldBy, refusable, requireHeld } from './containment';

/**
 * Administrators' authenticators (docs/decisions/auth.md, "Authenticator codes at every login"): set up,
 * switched on and off with a code by the signed-in administrator, as players do; a group can require
 * them (`requireTotp`). The login's step is `passAdminLoginTotp`; a member of such a group without one
 * sets it up through the login itself (./login.ts, startAdminTotpSetup). Every switch is logged.
 */

const issuer = () => `${config().siteCode} admin`;

async function adminOf(actor: Actor): Promise<Admin> {
  const admin = await Admin.findByPk(actor.adminId);
  if (!admin) throw new SessionEndedError();
  return admin;
}

async function groupRequiresTotp(groupId: number): Promise<boolean> {
  const group = await AdminGroup.findByPk(groupId, { attributes: ['requireTotp'] });
  return group?.requireTotp === 1;
}

/** A new secret while the authenticator is off (else `totpAlreadyEnabled`: disable it first, with a code). */
export async function storeNewAdminSecret(admin: Admin): Promise<{ secret: string; qrCode: string }> {
  if (admin.totpAuthEnabled === 1) throw new Refusal('auth.totpAlreadyEnabled');
  const made = await newTotpSecret(issuer(), admin.account);
  const [stored] = await Admin.update({ totpAuthSecret: made.secret, totpLastStep: null }, { where: { id: admin.id, totpAuthEnabled: 0 } });
  if (stored === 0) throw new Refusal('auth.totpAlreadyEnabled');
  return made;
}

/** One switch in the operation log, by the administrator itself. */
function recordSwitch(admin: Admin, meta: RequestMeta, action: 'totp-setup' | 'totp-enable' | 'totp-disable', how: string): Promise<void> {
  return recordAdminAction({ adminId: admin.id, module: 'admin', action, targetId: admin.id, ...meta, summary: `administrator ${admin.account} ${how}` });
}

/** POST /admin/generate-totp-auth. */
export async function generateAdminTotp(actor: Actor): Promise<{ secret: string; qrCode: string }> {
  const admin = await adminOf(actor);
  const made = await storeNewAdminSecret(admin);
  await recordSwitch(admin, actor.meta, 'totp-setup', 'generated an authenticator secret');
  return made;
}

/** POST /admin/enable-totp-auth: refused `totpNotGenerated`, `totpCodeWrong`, `totpLocked`. */
export async function enableAdminTotp(actor: Actor, code: string): Promise<{ affected: number }> {
  const admin = await adminOf(actor);
  if (!admin.totpAuthSecret) throw new Refusal('auth.totpNotGenerated');
  await spendTotpCode('admins', admin.id, code, null, 'enable');
  await recordSwitch(admin, actor.meta, 'totp-enable', 'enabled its authenticator');
  return { affected: 1 };
}

/**
 * POST /admin/disable-totp-auth: refused `totpNotEnabled`, `totpRequiredByGroup` (the group requires one),
 * `totpCodeWrong`, `totpLocked`. The secret is forgotten.
 */
export async function disableAdminTotp(actor: Actor, code: string): Promise<{ affected: number }> {
  const admin = await adminOf(actor);
  if (admin.totpAuthEnabled !== 1) throw new Refusal('auth.totpNotEnabled');
  if (await groupRequiresTotp(admin.groupId)) throw new Refusal('admin.totpRequiredByGroup');
  await spendTotpCode('admins', admin.id, code, 1, 'disable');
  await recordSwitch(admin, actor.meta, 'totp-disable', 'disabled its authenticator');
  return { affected: 1 };
}

/**
 * The authenticator step of an administrator login (POST /admin/login and Bull Board's form), after the
 * password: with an authenticator enabled, refused `totpRequired` without a code, else the code is spent
 * (`totpCodeWrong`, `totpLocked`). A member of a group requiring one that has none enabled is refused
 * `totpSetupRequired`, unless it sends a code of the secret it set up at login, which switches it on.
 */
export async function passAdminLoginTotp(admin: Admin, code: string | null | undefined, meta: RequestMeta): Promise<void> {
  if (admin.totpAuthEnabled === 1) {
    if (!code) throw new Refusal('auth.totpRequired');
    await spendTotpCode('admins', admin.id, code, 1);
    return;
  }
  if (!(await groupRequiresTotp(admin.groupId))) return;
  if (!admin.totpAuthSecret || !code) throw new Refusal('admin.totpSetupRequired');
  await spendTotpCode('admins', admin.id, code, 0, 'enable');
  await recordSwitch(admin, meta, 'totp-enable', 'enabled its authenticator at login');
}

/** The secret a member of a group requiring an authenticator sets up at login; else `totpSetupNotNeeded`. */
export async function setUpAdminTotpAtLogin(admin: Admin, meta: RequestMeta): Promise<{ secret: string; qrCode: string }> {
  if (admin.totpAuthEnabled === 1 || !(await groupRequiresTotp(admin.groupId))) throw new Refusal('admin.totpSetupNotNeeded');
  const made = await storeNewAdminSecret(admin);
  await recordSwitch(admin, meta, 'totp-setup', 'set up an authenticator at login');
  return made;
}

/** GET /admin/groups/:id/require-totp. Refused (`groupNotFound`) when missing. */
export async function groupTotpRequirement(id: number): Promise<{ id: number; name: string; requireTotp: number }> {
  const group = await AdminGroup.findByPk(id, { attributes: ['id', 'name', 'requireTotp'] });
  if (!group) throw new Refusal('admin.groupNotFound');
  return { id: group.id, name: group.name, requireTotp: group.requireTotp };
}

/**
 * PATCH /admin/groups/:id/require-totp: whether the group's members log in with an authenticator.
 * It applies from their next login; tokens already issued keep working until they end. Refused
 * (`groupNotFound`) when missing; a group holding a permission the actor lacks is refused (./containment.ts).
 */
export async function setGroupTotpRequirement(actor: Actor, id: number, requireTotp: number): Promise<{ id: number; name: string; requireTotp: number }> {
  const attempt = {
    module: 'admin-group',
    action: 'update',
    targetId: id,
    summary: `update administrator group ${id}`,
    detail: { changes: { requireTotp } },
  } as const;
  return refusable(actor, attempt, () =>
    db().transaction(async (transaction) => {
      const group = await AdminGroup.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
      if (!group) throw new Refusal('admin.groupNotFound');
      requireHeld(await heldBy(actor, transaction), group.permissions, `group ${group.name} holds`);
      const changes = group.requireTotp === requireTotp ? {} : { requireTotp: { from: group.requireTotp, to: requireTotp } };
      if (group.requireTotp !== requireTotp) await group.update({ requireTotp }, { transaction });
      await recordActorAction(actor, transaction, {
        module: 'admin-group',
        action: 'update',
        targetId: id,
        summary: `updated administrator group ${group.name} (${requireTotp ? 'requires' : 'does not require'} an authenticator)`,
        detail: { name: group.name, changes },
      });
      return { id: group.id, name: group.name, requireTotp: group.requireTotp };
    }),
  );
}
