import type { Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import type { LocaleText } from '../../i18n/locales';
import { Refusal } from '../../errors';
import { logger } from '../../logger';
import { type Actor, recordAdminAction } from '../audit';
import { isKnownSite } from '../common';
import { clearProviderListCache } from './cache';

/**
 * What every administrator write to a site's game data shares (permission module `game`): one
 * transaction with its operation-log row, the provider-list cache of the site cleared after commit,
 * and the site lock of the bulk writes.
 */

/** A name or label by locale, as administrators send it. */
export type LocaleMap = Partial<LocaleText> & Record<string, string>;

export interface GameLogEntry {
  action: string;
  targetId?: number | string | null;
  summary: string;
  detail: unknown;
}

/** Records one game administration action in the operation log, inside the write's transaction. */
export function logGameAction(actor: Actor, siteCode: string, transaction: Transaction, entry: GameLogEntry) {
  return recordAdminAction({ adminId: actor.adminId, ...actor.meta, siteCode, module: 'game', ...entry }, { transaction });
}

/** Serializes bulk writes (template load, copy) on one site's game data. */
export async function lockSiteGameData(siteCode: string, transaction: Transaction): Promise<void> {
  await db().query('SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))', { replacements: { key: `game-admin:site:${siteCode}` }, transaction });
}

/**
 * Runs a write in one transaction, then clears the provider-list cache of the sites it touched. A Redis
 * failure after commit does not undo the committed write: it is logged and the entries expire within
 * the hour.
 */
export async function writeGameData<T>(sites: string[], work: (transaction: Transaction) => Promise<T>): Promise<T> {
  const result = await db().transaction(work);
  for (const site of new Set(sites)) {
    try {
      await clearProviderListCache(site);
    } catch (err) {
      logger().warn({ err, siteCode: site }, 'could not clear the provider-list cache after a game admin write');
    }
  }
  return result;
}

/** `siteNotFound` for a site a body names (siteCode) that is not configured: a conflict with what is stored, not a 400. */
export async function requireKnownSite(siteCode: string): Promise<void> {
  if (!(await isKnownSite(siteCode))) throw new Refusal('game.siteNotFound', `site "${siteCode}" is not configured`);
}

/** The summary suffix naming the changed fields of an update. */
export function changedFields(changes: Record<string, unknown>): string {
  const names = Object.keys(changes);
  return names.length ? ` (${names.join(', ')})` : ' (no changes)';
}
