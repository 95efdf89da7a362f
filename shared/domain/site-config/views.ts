import type { SiteConfig } from '../../db/models';
import type { MascotEntry } from '../../db/models/site-config';
import type { SiteTheme, ThemeColours } from '../../db/models/site-config';
import { pickText, type Locale, type LocaleText } from '../../i18n/locales';

/** Site configs and themes as players and administrators see them. */

type LocaleMap = Partial<LocaleText>;

/** A theme as administrators see it: raw locale map, its record id and site. */
export interface AdminThemeView extends ThemeColours {
  id: number;
  siteCode: string;
  siteConfigId: number;
  themeId: string;
  themeName: LocaleMap;
  enabled: number;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** A theme as players see it: themeName in the request locale. */
export interface PlayerThemeView extends ThemeColours {
  themeId: string;
  themeName: string;
  enabled: number;
}

export interface AdminSiteConfigView {
  id: number;
  siteCode: string;
  siteName: LocaleMap;
  siteDescription: LocaleMap;
  supportedLocales: string[];
  activeThemeId: number | null;
  enabled: number;
  mascots: MascotEntry[];
  themes: AdminThemeView[];
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface PublicSiteConfigView {
  siteCode: string;
  siteName: string;
  siteDescription: string;
  supportedLocales: string[];
  activeTheme: PlayerThemeView | null;
  availableThemes: Array<{ themeId: string; themeName: string }>;
}

const colours = (t: SiteTheme): ThemeColours => ({ primary: t.primary, accent: t.accent, surface: t.surface, text: t.text, border: t.border });

export function adminThemeView(t: SiteTheme): AdminThemeView {
  return {
    id: t.id,
    siteCode: t.siteCode,
    siteConfigId: t.siteConfigId,
    themeId: t.themeId,
    themeName: t.themeName,
    ...colours(t),
    enabled: Number(t.enabled),
    createdAt: t.createdAt as Date,
    updatedAt: t.updatedAt as Date,
  };
}

export function playerThemeView(t: SiteTheme, locale: Locale): PlayerThemeView {
  return { themeId: t.themeId, themeName: pickText(t.themeName, locale), ...colours(t), enabled: Number(t.enabled) };
}

export function adminSiteConfigView(c: SiteConfig, themes: SiteTheme[]): AdminSiteConfigView {
  return {
    id: c.id,
    siteCode: c.siteCode,
    siteName: c.siteName,
    siteDescription: c.siteDescription,
    supportedLocales: c.supportedLocales,
    activeThemeId: c.activeThemeId,
    enabled: Number(c.enabled),
    mascots: c.mascots,
    themes: themes.map(adminThemeView),
    createdAt: c.createdAt as Date,
    updatedAt: c.updatedAt as Date,
  };
}

/** GET /site-config: texts in the request locale, the active theme, the enabled themes to choose from. */
export function publicSiteConfigView(c: SiteConfig, themes: SiteTheme[], locale: Locale): PublicSiteConfigView {
  const active = themes.find((t) => t.id === c.activeThemeId);
  return {
    siteCode: c.siteCode,
    siteName: pickText(c.siteName, locale),
    siteDescription: pickText(c.siteDescription, locale),
    supportedLocales: c.supportedLocales,
    activeTheme: active ? playerThemeView(active, locale) : null,
    availableThemes: themes.filter((t) => Number(t.enabled) === 1).map((t) => ({ themeId: t.themeId, themeName: pickText(t.themeName, locale) })),
  };
}
