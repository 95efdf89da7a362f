import type { Transaction } from 'sequelize';
import { settingsAndFloors } from './floors';

/**
 * A site's linked-player settings (docs/decisions/risk.md), kept in site_configs.settings.risk and changed
 * through PATCH /site-config/admin/:id/settings (`risk`):
 * - scope: the name of the site's operator group; the sites with the same scope share links and
 *   exclusions (every site is in `default` unless set: one deployment, one person);
 * - sharedSignalCap: a signal value held by more accounts than this is ignored for linking (a front end
 *   sending one constant device id, a shared office IP) and listed as such in the review queue;
 * - queueThreshold: how many kinds of signal two accounts must share to enter the review queue;
 * - oneOfferPerPerson: a promotion claim or bonus grant is refused to an account linked to one that already
 *   took the same offer (false unless set).
 */
export interface RiskSettings {
  scope: string;
  sharedSignalCap: number;
  queueThreshold: number;
  oneOfferPerPerson: boolean;
}

export const DEFAULT_RISK_SETTINGS: Readonly<RiskSettings> = { scope: 'default', sharedSignalCap: 20, queueThreshold: 2, oneOfferPerPerson: false };

/** The limits a PATCH is checked against (api/modules/site-config/schemas.ts). */
export const RISK_SETTING_RANGES = { scope: { max: 30 }, sharedSignalCap: { min: 2, max: 100_000 }, queueThreshold: { min: 1, max: 7 } } as const;

const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** The stored settings with the defaults filled in (a value of the wrong shape reads as the default). */
export function riskSettingsOf(stored: unknown): RiskSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const r = RISK_SETTING_RANGES;
  return {
    scope: typeof s.scope === 'string' && s.scope.length > 0 && s.scope.length <= r.scope.max ? s.scope : DEFAULT_RISK_SETTINGS.scope,
    sharedSignalCap: isInt(s.sharedSignalCap, r.sharedSignalCap.min, r.sharedSignalCap.max) ? s.sharedSignalCap : DEFAULT_RISK_SETTINGS.sharedSignalCap,
    queueThreshold: isInt(s.queueThreshold, r.queueThreshold.min, r.queueThreshold.max) ? s.queueThreshold : DEFAULT_RISK_SETTINGS.queueThreshold,
    oneOfferPerPerson: s.oneOfferPerPerson === true,
  };
}

/** The site's linked-player settings (defaults when the site has no config). */
export async function riskSettings(site: string, transaction?: Transaction): Promise<RiskSettings> {
  const { settings } = await settingsAndFloors(site, transaction);
  return riskSettingsOf((settings as Record<string, unknown>).risk);
}

/** A PATCH of the settings: each key given replaces. The stored object after it and the names of the keys that changed. */
export function patchRiskSettings(stored: unknown, patch: Partial<RiskSettings>): { next: RiskSettings; changed: string[] } {
  const next = riskSettingsOf(stored);
  const changed: string[] = [];
  for (const key of Object.keys(DEFAULT_RISK_SETTINGS) as Array<keyof RiskSettings>) {
    const value = patch[key];
    if (value === undefined || value === next[key]) continue;
    (next as unknown as Record<string, unknown>)[key] = value;
    changed.push(`risk.${key}`);
  }
  return { next, changed };
}

/**
 * A site's national register check (docs/decisions/risk.md, "The national register"), kept in
 * site_configs.settings.nationalRegister: enabled (false unless set) asks the register at registration,
 * login and deposit; failMode says what an unanswered check does: `closed` refuses (the default),
 * `open` lets the player through and logs it.
 */
export interface NationalRegisterSettings {
  enabled: boolean;
  failMode: 'closed' | 'open';
}

export const REGISTER_FAIL_MODES = ['closed', 'open'] as const;

export function nationalRegisterSettingsOf(stored: unknown): NationalRegisterSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return { enabled: s.enabled === true, failMode: s.failMode === 'open' ? 'open' : 'closed' };
}

export async function nationalRegisterSettings(site: string, transaction?: Transaction): Promise<NationalRegisterSettings> {
  const { settings } = await settingsAndFloors(site, transaction);
  return nationalRegisterSettingsOf((settings as Record<string, unknown>).nationalRegister);
}

export function patchNationalRegisterSettings(
  stored: unknown,
  patch: Partial<NationalRegisterSettings>,
): { next: NationalRegisterSettings; changed: string[] } {
  const next = nationalRegisterSettingsOf(stored);
  const changed: string[] = [];
  if (patch.enabled !== undefined && patch.enabled !== next.enabled) {
    next.enabled = patch.enabled;
    changed.push('nationalRegister.enabled');
  }
  if (patch.failMode !== undefined && patch.failMode !== next.failMode) {
    next.failMode = patch.failMode;
    changed.push('nationalRegister.failMode');
  }
  return { next, changed };
}
