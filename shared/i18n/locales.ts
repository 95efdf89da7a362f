/** The five player locales of the spec and their currencies. */
export const LOCALES = ['zh-TW', 'en-US', 'zh-CN', 'th-TH', 'vi-VN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-TW';

/** Game launch additionally accepts these. */
export const LAUNCH_EXTRA_LOCALES = ['ko-KR', 'ja-JP'] as const;

/** The locales a game's name or a game type's label may be given in: every locale a launch takes. Requests and answers share it. */
export const GAME_NAME_LOCALES: readonly string[] = [...LOCALES, ...LAUNCH_EXTRA_LOCALES];

export const LOCALE_CURRENCY: Record<Locale, string> = {
  'zh-TW': 'TWD',
  'en-US': 'USD',
  'zh-CN': 'CNY',
  'th-TH': 'THB',
  'vi-VN': 'VND',
};

/** A text in every locale; stored as JSON in locale-map columns. */
export type LocaleText = Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks the text for a locale from a stored locale map, falling back to en-US, then any text. */
export function pickText(map: Partial<Record<string, string>> | null | undefined, locale: Locale): string {
  if (!map) return '';
  return map[locale] ?? map['en-US'] ?? Object.values(map).find((v) => typeof v === 'string') ?? '';
}
