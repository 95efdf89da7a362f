import type { Transaction } from 'sequelize';
import { settingsAndFloors } from './floors';

/**
 * A site's bonus settings (docs/decisions/bonus.md), kept in site_configs.settings.bonus and changed through
 * PATCH /site-config/admin/:id/settings (`bonus`):
 * - contributionWeights: by game type code (the game types' numeric codes, as text), the percent (0 to
 *   100) of a stake that counts towards a grant's wagering; a type not listed counts 100. The bets read
 *   it in SQL (bonus_weight, shared/db/functions/bonus/grants.sql);
 * - forfeitOnWithdrawal: a withdrawal request while a grant is active forfeits the player's bonus money,
 *   and the request must say so (`forfeitBonuses: true`); false unless set.
 */
export interface BonusSettings {
  contributionWeights: Record<string, number>;
  forfeitOnWithdrawal: boolean;
}

export const DEFAULT_BONUS_SETTINGS: Readonly<BonusSettings> = { contributionWeights: {}, forfeitOnWithdrawal: false };

const isWeight = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100;

/** The stored settings with the defaults filled in (a weight of the wrong shape is left out: it counts 100). */
export function bonusSettingsOf(stored: unknown): BonusSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const weights = (s.contributionWeights && typeof s.contributionWeights === 'object' ? s.contributionWeights : {}) as Record<string, unknown>;
  return {
    contributionWeights: Object.fromEntries(Object.entries(weights).filter(([, v]) => isWeight(v))) as Record<string, number>,
    forfeitOnWithdrawal: s.forfeitOnWithdrawal === true,
  };
}

/** The site's bonus settings (defaults when the site has no config). */
export async function bonusSettings(site: string, transaction?: Transaction): Promise<BonusSettings> {
  const { settings } = await settingsAndFloors(site, transaction);
  return bonusSettingsOf((settings as Record<string, unknown>).bonus);
}

/**
 * A PATCH of the settings: contributionWeights merges by game type (a weight given replaces that type's),
 * forfeitOnWithdrawal replaces. The stored object after it and the names of the keys that changed.
 */
export function patchBonusSettings(stored: unknown, patch: Partial<BonusSettings>): { next: BonusSettings; changed: string[] } {
  const current = bonusSettingsOf(stored);
  const next: BonusSettings = { contributionWeights: { ...current.contributionWeights }, forfeitOnWithdrawal: current.forfeitOnWithdrawal };
  const changed: string[] = [];
  for (const [type, weight] of Object.entries(patch.contributionWeights ?? {})) {
    if (current.contributionWeights[type] === weight) continue;
    next.contributionWeights[type] = weight;
    changed.push(`bonus.contributionWeights.${type}`);
  }
  if (patch.forfeitOnWithdrawal !== undefined && patch.forfeitOnWithdrawal !== current.forfeitOnWithdrawal) {
    next.forfeitOnWithdrawal = patch.forfeitOnWithdrawal;
    changed.push('bonus.forfeitOnWithdrawal');
  }
  return { next, changed };
}
