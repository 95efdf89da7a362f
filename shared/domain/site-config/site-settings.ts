import { SiteConfig } from '../../db/models';
import type { SiteSettings } from '../../db/models/site-config';
import { Refusal } from '../../errors';
import type { Actor } from '../audit';
import { patchProtectionSettings, protectionSettingsOf, type ProtectionSettings } from './protection-settings';
import { settlementSettings, writeSettlementSettings, type SettlementSettings } from './settlement-settings';
import { lockSiteConfig, logSiteConfigAction, siteConfigWrite } from './admin-writes';
import { kycSettingsOf, patchKycSettings, type KycSettings } from './kyc-settings';
import { bonusSettingsOf, patchBonusSettings, type BonusSettings } from './bonus-settings';
import { eventSettingsOf, patchEventSettings, type EventSettings } from './event-settings';
import {
  nationalRegisterSettingsOf,
  patchNationalRegisterSettings,
  patchRiskSettings,
  riskSettingsOf,
  type NationalRegisterSettings,
  type RiskSettings,
} from './risk-settings';
import { requireAtLeast, settingsAndFloors, type SiteFloors, type SiteJurisdiction } from './floors';
import { mailView, patchMail, type MailPatch, type MailView, type StoredMail } from './mail-settings';
import { minimumAgeOf } from './minimum-age';

/**
 * GET and PATCH /site-config/admin/:id/settings (permission module `site-config`; docs/decisions/site-config.md,
 * "Site settings through the API"): the site's settings kept in site_configs.settings, each where its
 * reader looks for it:
 * - welcomeRegistration: mail.welcomeRegistration, read by registration (off unless true);
 * - email: serviceProviders.email, read by the mail integration (mail-settings.ts; the password is never answered);
 * - frontendUrl: read by GET /affiliate/promo-link (unset: PUBLIC_BASE_URL);
 * - affiliate {payingPeriod, negativeCarryOver}: through the settlement settings' own write, the one
 *   PATCH /affiliate/admin/settlement-settings uses;
 * - minimumAge: 18 unless set (./minimum-age.ts); KYC refuses a profile below it;
 * - kyc: the KYC thresholds in USD and the documents' validity (shared/domain/site-config/kyc-settings.ts).
 * - responsibleGaming {timeZone, increaseDelayHours, minimumExclusionMonths, requiredLimits,
 *   realityCheckGraceSeconds}: player protection's settings, read where they are kept
 *   (shared/domain/site-config/protection-settings.ts);
 * - bonus {contributionWeights, forfeitOnWithdrawal}: the bonus money's settings (bonus-settings.ts).
 * - events {largeWin}: the live events' settings (event-settings.ts).
 * - risk {scope, sharedSignalCap, queueThreshold, oneOfferPerPerson}: linked players (risk-settings.ts).
 * - nationalRegister {enabled, failMode}: the national self-exclusion register check (risk-settings.ts).
 * The minimum age, the KYC thresholds and the protection settings never read weaker than the floors of
 * the site's jurisdiction profile, answered as `jurisdiction` (floors.ts); a PATCH below a floor is
 * refused naming it, and changes nothing.
 */

export interface SiteSettingsView {
  welcomeRegistration: boolean;
  email: MailView | null;
  frontendUrl: string | null;
  affiliate: SettlementSettings;
  minimumAge: number;
  kyc: KycSettings;
  responsibleGaming: ProtectionSettings;
  bonus: BonusSettings;
  events: EventSettings;
  risk: RiskSettings;
  nationalRegister: NationalRegisterSettings;
  jurisdiction: SiteJurisdiction;
}

export interface SiteSettingsPatch {
  welcomeRegistration?: boolean;
  email?: MailPatch | null;
  frontendUrl?: string | null;
  affiliate?: Partial<SettlementSettings>;
  minimumAge?: number;
  kyc?: Partial<KycSettings>;
  responsibleGaming?: Partial<ProtectionSettings>;
  bonus?: Partial<BonusSettings>;
  events?: Partial<EventSettings>;
  risk?: Partial<RiskSettings>;
  nationalRegister?: Partial<NationalRegisterSettings>;
}

interface Stored extends SiteSettings {
  frontendUrl?: string;
  minimumAge?: number;
  kyc?: KycSettings;
  bonus?: BonusSettings;
  events?: EventSettings;
  risk?: RiskSettings;
  nationalRegister?: NationalRegisterSettings;
}

function viewOf(stored: Stored, affiliate: SettlementSettings, jurisdiction: SiteJurisdiction): SiteSettingsView {
  const { floors } = jurisdiction;
  return {
    welcomeRegistration: stored.mail?.welcomeRegistration === true,
    email: mailView(stored.serviceProviders?.email as StoredMail | undefined),
    frontendUrl: typeof stored.frontendUrl === 'string' ? stored.frontendUrl : null,
    affiliate,
    minimumAge: minimumAgeOf(stored, floors),
    kyc: kycSettingsOf(stored.kyc, floors),
    responsibleGaming: protectionSettingsOf(stored.responsibleGaming, floors),
    bonus: bonusSettingsOf(stored.bonus),
    events: eventSettingsOf(stored.events),
    risk: riskSettingsOf(stored.risk),
    nationalRegister: nationalRegisterSettingsOf(stored.nationalRegister),
    jurisdiction,
  };
}

/** GET /site-config/admin/:id/settings: `configNotFound` when the config is not the site's. */
export async function getSiteSettings(site: string, id: number): Promise<SiteSettingsView> {
  const config = await SiteConfig.findOne({ where: { id, siteCode: site }, attributes: ['id'] });
  if (!config) throw new Refusal('site-config.configNotFound');
  const { settings, jurisdiction } = await settingsAndFloors(site);
  return viewOf(settings as Stored, await settlementSettings(site), jurisdiction);
}

/** The settings after the patch's own keys (all but affiliate), and the names of the keys that changed. */
function patchOwnKeys(stored: Stored, patch: SiteSettingsPatch, floors: SiteFloors): { next: Stored; changed: string[] } {
  requireAtLeast(patch.minimumAge, floors.minimumAge, 'site-config.minimumAgeBelowFloor', 'minimumAge');
  const next: Stored = { ...stored };
  const changed: string[] = [];
  if (patch.welcomeRegistration !== undefined && patch.welcomeRegistration !== (stored.mail?.welcomeRegistration === true)) {
    next.mail = { ...stored.mail, welcomeRegistration: patch.welcomeRegistration };
    changed.push('welcomeRegistration');
  }
  if (patch.email !== undefined) {
    const mail = patchMail(stored.serviceProviders?.email as StoredMail | undefined, patch.email);
    if (mail.changed.length) {
      const { email: _old, ...providers } = stored.serviceProviders ?? {};
      next.serviceProviders = mail.next ? { ...providers, email: mail.next } : providers;
      changed.push(...mail.changed);
    }
  }
  if (patch.frontendUrl !== undefined && patch.frontendUrl !== (stored.frontendUrl ?? null)) {
    if (patch.frontendUrl === null) delete next.frontendUrl;
    else next.frontendUrl = patch.frontendUrl;
    changed.push('frontendUrl');
  }
  if (patch.minimumAge !== undefined && patch.minimumAge !== minimumAgeOf(stored, floors)) {
    next.minimumAge = patch.minimumAge;
    changed.push('minimumAge');
  }
  /** A group of settings patched by its own module: kept when any of its keys changed. */
  const keep = <K extends 'kyc' | 'responsibleGaming' | 'bonus' | 'events' | 'risk' | 'nationalRegister'>(
    key: K,
    patched: { next: NonNullable<Stored[K]>; changed: string[] },
  ) => {
    if (!patched.changed.length) return;
    next[key] = patched.next;
    changed.push(...patched.changed);
  };
  if (patch.kyc !== undefined) keep('kyc', patchKycSettings(stored.kyc, patch.kyc, floors));
  if (patch.responsibleGaming !== undefined) keep('responsibleGaming', patchProtectionSettings(stored.responsibleGaming, patch.responsibleGaming, floors));
  if (patch.bonus !== undefined) keep('bonus', patchBonusSettings(stored.bonus, patch.bonus));
  if (patch.events !== undefined) keep('events', patchEventSettings(stored.events, patch.events));
  if (patch.risk !== undefined) keep('risk', patchRiskSettings(stored.risk, patch.risk));
  if (patch.nationalRegister !== undefined) keep('nationalRegister', patchNationalRegisterSettings(stored.nationalRegister, patch.nationalRegister));
  return { next, changed };
}

/**
 * PATCH /site-config/admin/:id/settings: changes only the fields sent, in one transaction; the
 * operation-log row (action `update-settings`) lists the changed keys and never a value (the mail
 * password is among them); a change of the settlement settings also writes that write's own row.
 * `configNotFound` when the config is not the site's.
 */
export async function updateSiteSettings(actor: Actor, site: string, id: number, patch: SiteSettingsPatch): Promise<SiteSettingsView> {
  return siteConfigWrite(site, async (transaction) => {
    const config = await lockSiteConfig(site, id, transaction);
    const { jurisdiction } = await settingsAndFloors(site, transaction);
    const { next, changed } = patchOwnKeys(config.settings as Stored, patch, jurisdiction.floors);
    if (changed.length) {
      config.set('settings', next);
      config.changed('settings', true);
      await config.save({ transaction });
    }
    const affiliate = patch.affiliate ? await writeSettlementSettings(actor, site, patch.affiliate, transaction) : null;
    changed.push(...(affiliate?.changed ?? []).map((k) => `affiliate.${k}`));
    if (changed.length) {
      await logSiteConfigAction(actor, site, transaction, {
        action: 'update-settings',
        targetId: config.id,
        summary: `updated the settings of ${site}: ${changed.join(', ')}`,
        detail: { changed },
      });
    }
    return viewOf(next, affiliate?.settings ?? (await settlementSettings(site)), jurisdiction);
  });
}
