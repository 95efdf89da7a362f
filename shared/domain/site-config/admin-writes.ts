import type { Transaction } from 'sequelize';
import { SiteConfig } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { logger } from '../../logger';
import { type Actor, recordAdminAction } from '../audit';
import { clearSiteConfigCache } from './public-config';

/** What the administrators' site-config writes share: the transaction, the cache clear, the log row, the config look-up. */

/** Runs a write of `siteCode`'s config in one transaction, then clears the site's cached GET /site-config. */
export async function siteConfigWrite<T>(siteCode: string, work: (transaction: Transaction) => Promise<T>): Promise<T> {
  const result = await db().transaction(work);
  try {
    await clearSiteConfigCache(siteCode);
  } catch (err) {
    logger().warn({ err: (err as Error).message, siteCode }, 'could not clear the site config cache after a write');
  }
  return result;
}

/** The operation-log row (module `site-config`) of a write, in the write's transaction. */
export function logSiteConfigAction(
  actor: Actor,
  siteCode: string,
  transaction: Transaction,
  entry: { action: string; targetId: number | string; summary: string; detail: unknown },
): Promise<void> {
  return recordAdminAction({ adminId: actor.adminId, ...actor.meta, siteCode, module: 'site-config', ...entry }, { transaction });
}

/**
 * The site config `id` of the request's site, locked for the write (every write that touches a config
 * or its themes locks the config row first); `configNotFound` when it is missing or another site's.
 */
export async function lockSiteConfig(site: string, id: number, transaction: Transaction): Promise<SiteConfig> {
  const config = await SiteConfig.findOne({ where: { id, siteCode: site }, transaction, lock: transaction.LOCK.UPDATE });
  if (!config) throw new Refusal('site-config.configNotFound', 'site config not found');
  return config;
}
