import type { Locale, LocaleText } from '../i18n/locales';
import { adminRefusals } from './admin/refusals';
import { affiliateRefusals } from './affiliate/refusals';
import { authRefusals } from './auth/refusals';
import { betRecordRefusals } from './bet-record/refusals';
import { bonusRefusals } from './bonus/refusals';
import { depositRefusals } from './deposit/refusals';
import { gameRefusals } from './game/refusals';
import { inboxRefusals } from './inbox/refusals';
import { kycRefusals } from './kyc/refusals';
import { missionRefusals } from './mission/refusals';
import { promoRefusals } from './promo/refusals';
import type { RefusalDeclaration, RefusalName, RefusalRegistry } from './refusals';
import { responsibleGamingRefusals } from './responsible-gaming/refusals';
import { riskRefusals } from './risk/refusals';
import { siteConfigRefusals } from './site-config/refusals';
import { vipRefusals } from './vip/refusals';
import { walletRefusals } from './wallet/refusals';
import { withdrawalRefusals } from './withdrawal/refusals';

/**
 * Every area's refusals, so a name finds its text (docs/architecture.md, "Errors and refusals"). Typed as
 * the whole registry: an area that declares refusals and is missing here does not compile.
 */
const REFUSALS: RefusalRegistry = {
  admin: adminRefusals,
  affiliate: affiliateRefusals,
  auth: authRefusals,
  'bet-record': betRecordRefusals,
  bonus: bonusRefusals,
  deposit: depositRefusals,
  game: gameRefusals,
  inbox: inboxRefusals,
  kyc: kycRefusals,
  mission: missionRefusals,
  promo: promoRefusals,
  'responsible-gaming': responsibleGamingRefusals,
  risk: riskRefusals,
  'site-config': siteConfigRefusals,
  vip: vipRefusals,
  wallet: walletRefusals,
  withdrawal: withdrawalRefusals,
};

/** The declaration of a name. */
export function refusalDeclaration(name: RefusalName): RefusalDeclaration {
  const dot = name.indexOf('.');
  const area = REFUSALS[name.slice(0, dot) as keyof RefusalRegistry] as Record<string, RefusalDeclaration>;
  return area[name.slice(dot + 1)];
}

/** A refusal's message in every locale: its text, or the wording its endpoint picked. */
export function refusalTexts(name: RefusalName, wording?: string): LocaleText {
  const declaration = refusalDeclaration(name);
  return wording === undefined ? declaration.text : (declaration.wordings?.[wording] ?? declaration.text);
}

export function refusalText(name: RefusalName, locale: Locale, wording?: string): string {
  return refusalTexts(name, wording)[locale];
}

/** Every declared name (the refusal map test binds them to the endpoints' maps). */
export function refusalNames(): RefusalName[] {
  return Object.entries(REFUSALS).flatMap(([area, reasons]) => Object.keys(reasons as object).map((reason) => `${area}.${reason}` as RefusalName));
}
