import { QueryTypes, type Transaction } from 'sequelize';
import { storedSettings } from './stored-settings';
import { db } from '../../db/sequelize';
import { NotFoundError } from '../../errors';
import { type Actor, changesOf, recordActorAction } from '../audit';
import type { SettlementPeriodType as PeriodType } from '../../db/models';

/**
 * The site's settlement settings (docs/affiliates.md, "Settlement"), kept in site_configs.settings.affiliate:
 * - negativeCarryOver: on unless set to false;
 * - payingPeriod: the period type whose settlements pay (`weekly` unless set to `daily`); the other type's
 *   are statements. A week keeps the value its first run found (paying-period.ts).
 * A site without a site_configs row has the defaults.
 */
export interface SettlementSettings {
  payingPeriod: PeriodType;
  negativeCarryOver: boolean;
}

/** The site's settlement settings, defaults filled in. */
export async function settlementSettings(siteCode: string): Promise<SettlementSettings> {
  return settingsOf((await storedSettings(siteCode)).affiliate);
}

function settingsOf(stored: unknown): SettlementSettings {
  const affiliate = (stored ?? {}) as { negativeCarryOver?: unknown; payingPeriod?: unknown };
  return { payingPeriod: affiliate.payingPeriod === 'daily' ? 'daily' : 'weekly', negativeCarryOver: affiliate.negativeCarryOver !== false };
}

/** Negative carry-over of the site. */
export async function negativeCarryOver(siteCode: string): Promise<boolean> {
  return (await settlementSettings(siteCode)).negativeCarryOver;
}

/**
 * PATCH /affiliate/admin/settlement-settings: sets the given fields (validated by the endpoint's schema)
 * in site_configs.settings.affiliate, other keys kept, and answers the settings; operation-logged with
 * what changed (target: the site_configs row). NotFoundError when the site has no site_configs row.
 */
export async function updateSettlementSettings(actor: Actor, siteCode: string, patch: Partial<SettlementSettings>): Promise<SettlementSettings> {
  return db().transaction(async (transaction) => (await writeSettlementSettings(actor, siteCode, patch, transaction)).settings);
}

/**
 * The one write of the settlement settings, in the caller's transaction: both
 * PATCH /affiliate/admin/settlement-settings and PATCH /site-config/admin/:id/settings come here
 * (docs/affiliates.md). Answers the settings after the write and the names of the fields it changed;
 * the operation-log row (module `affiliate`) is written only when something changed.
 */
export async function writeSettlementSettings(
  actor: Actor,
  siteCode: string,
  patch: Partial<SettlementSettings>,
  transaction: Transaction,
): Promise<{ settings: SettlementSettings; changed: string[] }> {
  const [site] = await db().query<{ id: number; affiliate: unknown }>(
    `SELECT id, settings->'affiliate' AS affiliate FROM site_configs WHERE "siteCode" = :siteCode FOR NO KEY UPDATE`,
    { replacements: { siteCode }, type: QueryTypes.SELECT, transaction },
  );
  if (!site) throw new NotFoundError(`site ${siteCode} has no configuration`);
  const before = settingsOf(site.affiliate);
  const { changes, values } = changesOf({ ...before }, { ...patch });
  if (Object.keys(values).length === 0) return { settings: before, changed: [] };
  await db().query(
    `UPDATE site_configs
        SET settings = jsonb_set(settings, '{affiliate}', COALESCE(settings->'affiliate', '{}'::jsonb) || CAST(:values AS jsonb)), "updatedAt" = now()
      WHERE "siteCode" = :siteCode`,
    { replacements: { siteCode, values: JSON.stringify(values) }, transaction },
  );
  await recordActorAction(actor, transaction, {
    module: 'affiliate',
    action: 'settlement-settings:update',
    targetId: site.id,
    summary: `settlement settings: ${Object.entries(changes)
      .map(([k, c]) => `${k} ${String(c.from)} -> ${String(c.to)}`)
      .join(', ')}`,
    detail: changes,
  });
  return { settings: { ...before, ...values } as SettlementSettings, changed: Object.keys(values) };
}
