import type { Transaction } from 'sequelize';
import { Admin, AdminGroup } from '../../db/models';
import { ForbiddenError, InputError } from '../../errors';
import { hasPermission, permissionsHeld } from '../auth';
import { type Actor, recordAdminAction } from '../audit';
import { siteScopeOf, sitesNotHeld, type SiteScope } from './site-scope';

/**
 * Administrator permissions contain their holders: an administrator can only grant, assign or keep
 * permissions it holds itself (`*` holds every permission; only `*` holds `*`). Every change to a group
 * or an administrator checks the group as it is (what the actor would touch) and as it would be (what
 * it would grant); nobody changes their own group or status. A refusal rolls the change back, is
 * written to the operation log as `<action>-refused` under the change's module, and is answered as a
 * 403 naming the permissions (ForbiddenError) or, for one's own group or status, a 400 naming the field.
 * Sites follow the same rule (./site-scope.ts): an administrator grants and touches only administrators
 * bound to sites it holds itself (a platform administrator holds every site, and only it grants every
 * site), and nobody changes their own sites.
 */

/** The permissions of `wanted` that `held` does not hold. */
export function notHeld(held: readonly string[], wanted: readonly string[]): string[] {
  return [...new Set(wanted)].filter((p) => !hasPermission(held, p));
}

/** Raised inside a change: `answer` is what the caller gets, `detail` what the operation log keeps. */
export class ContainmentRefusal extends Error {
  constructor(
    readonly answer: Error,
    readonly detail: Record<string, unknown>,
  ) {
    super(answer.message);
    this.name = 'ContainmentRefusal';
  }
}

/** What the actor holds as of the change's transaction, by the token check's rule (permissionsHeld). */
export async function heldBy(actor: Actor, transaction: Transaction): Promise<string[]> {
  const admin = await Admin.findByPk(actor.adminId, {
    attributes: ['id', 'status'],
    include: [{ model: AdminGroup, attributes: ['id', 'permissions', 'status'] }],
    transaction,
  });
  return admin ? permissionsHeld(admin) : [];
}

/** Refuses when `permissions` hold one the actor lacks; `whose` reads before them ("group Ops holds"). */
export function requireHeld(held: readonly string[], permissions: readonly string[], whose: string): void {
  const missing = notHeld(held, permissions);
  if (missing.length === 0) return;
  throw new ContainmentRefusal(new ForbiddenError(`Permission denied: ${whose} ${missing.join(', ')}, which you do not hold`), {
    reason: 'permission not held',
    missing,
  });
}

/** The sites the actor holds as of the change's transaction (null: every site). */
export function sitesHeldBy(actor: Actor, transaction: Transaction): Promise<SiteScope> {
  return siteScopeOf(actor.adminId, transaction);
}

/** Refuses when `sites` (null: every site) hold one the actor lacks; `whose` reads before them ("administrator x acts on"). */
export function requireSitesHeld(held: SiteScope, sites: SiteScope, whose: string): void {
  const missing = sitesNotHeld(held, sites);
  if (missing.length === 0) return;
  throw new ContainmentRefusal(new ForbiddenError(`Permission denied: ${whose} ${missing.join(', ')}, which you do not hold`), {
    reason: 'site not held',
    missing,
  });
}

/** The refusal of a change of one's own group or status (`field`). */
export function ownChange(field: string, reason: string): ContainmentRefusal {
  return new ContainmentRefusal(new InputError(field, reason), { reason, field });
}

export interface Attempt {
  module: 'admin' | 'admin-group';
  action: 'create' | 'update' | 'delete';
  targetId: number | null;
  /** What was attempted, after "refused to" ("update administrator 7"). */
  summary: string;
  /** The request's fields (never a password). */
  detail: Record<string, unknown>;
}

/** Runs a change; a ContainmentRefusal raised in it (its transaction rolled back) is logged, then answered. */
export async function refusable<T>(actor: Actor, attempt: Attempt, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (!(err instanceof ContainmentRefusal)) throw err;
    await recordAdminAction({
      adminId: actor.adminId,
      siteCode: actor.siteCode,
      ...actor.meta,
      module: attempt.module,
      action: `${attempt.action}-refused`,
      targetId: attempt.targetId,
      summary: `refused to ${attempt.summary}: ${err.message}`,
      detail: { ...attempt.detail, refused: err.detail },
    });
    throw err.answer;
  }
}
