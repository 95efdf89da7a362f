import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';

/** The game data a site can take from another: its game providers and its game type configs. */
export type CopyKind = 'providers' | 'typeConfigs';

export const SITE_DATA_TABLES: Record<CopyKind, { table: string; columns: string[]; label: string }> = {
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
 * The copy itself, in the caller's transaction: deletes the target's rows of that kind and inserts the
 * source's with siteCode replaced (used by new-site.ts when a site is created from
 * another, and by the game area's copy between sites).
 */
export async function copySiteRows(transaction: Transaction, type: CopyKind, source: string, target: string): Promise<{ removed: number; copied: number }> {
  const { table, columns } = SITE_DATA_TABLES[type];
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
