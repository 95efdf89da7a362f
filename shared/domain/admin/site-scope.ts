import { Op, type Transaction, type WhereOptions } from 'sequelize';
import { Admin } from '../../db/models';
import { ForbiddenError, Refusal } from '../../errors';
import { recordAdminAction, type RequestMeta } from '../audit';
import { isKnownSite } from '../common';

/**
 * Administrators and sites (docs/decisions/admin.md, "Administrators bound to sites"). A platform
 * administrator (`sites` null) acts on every site; a site-bound one only on the sites it was given.
 * The request pipeline decides the site of every administrator request from these (api/http/auth.ts);
 * what an administrator may grant of them is ./containment.ts.
 */

/** The sites an administrator acts on: null for a platform administrator (every site). */
export type SiteScope = readonly string[] | null;

/**
 * The live scope of an administrator, in `transaction` when given. An account that is gone holds no
 * site (never every site).
 */
export async function siteScopeOf(adminId: number, transaction?: Transaction): Promise<SiteScope> {
  const admin = await Admin.findByPk(adminId, { attributes: ['id', 'sites'], transaction });
  return admin ? admin.sites : [];
}

/** The sites of `wanted` (null: every site) that `held` does not hold; empty when it holds them all. */
export function sitesNotHeld(held: SiteScope, wanted: SiteScope): string[] {
  if (held === null) return [];
  if (wanted === null) return ['every site'];
  return [...new Set(wanted)].filter((site) => !held.includes(site));
}

/** A list of site codes as stored: de-duplicated and sorted (a set); null (platform) stays null. */
export function normalizeSites(sites: readonly string[] | null): string[] | null {
  return sites === null ? null : [...new Set(sites)].sort();
}

/** Refuses (`siteUnknown`) a site code that names no site. */
export async function requireKnownSites(sites: readonly string[]): Promise<void> {
  for (const site of sites) {
    if (!(await isKnownSite(site))) throw new Refusal('admin.siteUnknown', `"${site}" is not a site`);
  }
}

/** The administrators a viewer sees: every one for a platform viewer, else those bound only to its sites. */
export function visibleAdmins(viewer: SiteScope): WhereOptions {
  return viewer === null ? {} : { sites: { [Op.contained]: [...viewer] } };
}

/** Whether a viewer sees an administrator bound to `sites` (null: a platform administrator). */
export const seesAdmin = (viewer: SiteScope, sites: SiteScope): boolean => sitesNotHeld(viewer, sites).length === 0;

/**
 * Permissions only platform administrators use, whatever their group holds: Bull Board shows every
 * site's jobs, groups are shared by every site, a site's jurisdiction profile sets the floors its own
 * administrators may not go below, and the audit digests cover every site's chains.
 */
const PLATFORM_ONLY = ['queues:read', 'queues:write', 'admin-group:write', 'site-jurisdiction:write', 'audit:read', 'audit:write'];

export const platformOnly = (permission: string): boolean => PLATFORM_ONLY.includes(permission);

export interface SiteRefusal {
  adminId: number;
  /** The site asked for (null when none was named). */
  site: string | null;
  meta: RequestMeta;
  /** Why, after "Permission denied: " ("site x is not one of yours"). */
  reason: string;
  detail?: Record<string, unknown>;
}

/**
 * Writes the refusal of a read or write outside the administrator's sites to the operation log
 * (module `admin-site`, action `read-refused` or `write-refused`, the site asked for as its site) and
 * returns the 403 to answer.
 */
export async function refuseSite(refusal: SiteRefusal): Promise<ForbiddenError> {
  const access = refusal.meta.method === 'GET' || refusal.meta.method === 'HEAD' ? 'read' : 'write';
  await recordAdminAction({
    adminId: refusal.adminId,
    siteCode: refusal.site?.slice(0, 30) ?? null,
    ...refusal.meta,
    module: 'admin-site',
    action: `${access}-refused`,
    summary: `refused ${refusal.meta.method} ${refusal.meta.path}: ${refusal.reason}`,
    detail: { site: refusal.site, reason: refusal.reason, ...refusal.detail },
  });
  return new ForbiddenError(`Permission denied: ${refusal.reason}`);
}
