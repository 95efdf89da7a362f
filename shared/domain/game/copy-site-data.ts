import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { InputError, Refusal } from '../../errors';
import type { Actor } from '../audit/actor';
import { isKnownSite } from '../common/sites';
import { lockSiteGameData, logGameAction, writeGameData } from './admin-write';

/** Copying one site's game providers or type configs to another site (permission module `game`). */

export type CopyKind = 'providers' | 'typeConfigs';

const TABLES: Record<CopyKind, { table: string; columns: string[]; label: string }> = {
  providers: {
    table: 'game_providers',
    columns: ['"gameCode"', '"providerCode"', '"gameType"', 'name', '"areaBlock"', 'maintain', 'enable', '"sortOrder"'],
    label: 'game providers',
  },
  typeConfigs: {
    table: 'game_type_configs',
    columns: ['"gameType"', '"typeKey"', 'label', 'icon', '"sortOrder"', 'enabled'],
    label: 'game type configs',
  },
};

/**
 * In one transaction deletes the target site's rows of that kind and copies the source site's rows with
 * siteCode replaced. The sites must differ (a 400 naming targetSiteCode); `siteNotFound` when either
 * names no configured site. Result {copied}.
 */
export async function copySiteData(actor: Actor, input: { sourceSiteCode: string; targetSiteCode: string; type: CopyKind }): Promise<{ copied: number }> {
  const { sourceSiteCode: source, targetSiteCode: target, type } = input;
  if (source === target) throw new InputError('targetSiteCode', 'must differ from sourceSiteCode');
  for (const site of [source, target]) {
    if (!(await isKnownSite(site))) throw new Refusal('game.siteNotFound', `site "${site}" is not configured`);
  }
  return writeGameData([target], async (transaction) => {
    await lockSiteGameData(target, transaction);
    const { removed, copied } = await copySiteRows(transaction, type, source, target);
    await logGameAction(actor, target, transaction, {
      action: 'copy-site-data',
      targetId: target,
      summary: `copied ${copied} ${TABLES[type].label} from site ${source} to site ${target}`,
      detail: { sourceSiteCode: source, targetSiteCode: target, type, removed, copied },
    });
    return { copied };
  });
}

/**
 * The copy itself, in the caller's transaction: deletes the target's rows of that kind and inserts the
 * source's with siteCode replaced (also used when a new site is created from another,
 * shared/domain/site-config/new-site.ts).
 */
export async function copySiteRows(transaction: Transaction, type: CopyKind, source: string, target: string): Promise<{ removed: number; copied: number }> {
  const { table, columns } = TABLES[type];
  const sequelize = db();
  const removed = await sequelize.query<{ id: number }>(`DELETE FROM ${table} WHERE "siteCode" = :target RETURNING id`, {
    replacements: { target },
    type: QueryTypes.SELECT,
    transaction,
  });
  const inserted = await sequelize.query<{ id: number }>(
    `INSERT INTO ${table} ("siteCode", ${columns.join(', ')}, "createdAt", "updatedAt")
     SELECT :target, ${columns.join(', ')}, now(), now() FROM ${table} WHERE "siteCode" = :source ORDER BY id
     RETURNING id`,
    { replacements: { target, source }, type: QueryTypes.SELECT, transaction },
  );
  return { removed: removed.length, copied: inserted.length };
}
