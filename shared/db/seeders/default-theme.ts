import type { Transaction } from 'sequelize';
import { SiteConfig, SiteTheme } from '../models';
import type { ThemeColours } from '../models/site-config';
import type { LocaleText } from '../../i18n/locales';

/**
 * The theme a new site starts with (themeId `default`, active), so its GET /site-config has an
 * activeTheme (docs/decisions/site-config.md, "Every new site has a theme"). Operators change or replace it like any
 * theme. Migration 20261126-0048 gave the same theme to the sites that had none.
 */
export const DEFAULT_THEME_ID = 'default';

export const DEFAULT_THEME_NAME: LocaleText = {
  'zh-TW': '預設',
  'zh-CN': '默认',
  'en-US': 'Default',
  'th-TH': 'ค่าเริ่มต้น',
  'vi-VN': 'Mặc định',
};

export const DEFAULT_THEME_COLOURS: ThemeColours = {
  primary: { base: '#7c3aed', dark: '#5b21b6', light: '#a78bfa', glow: 'rgba(124, 58, 237, 0.45)' },
  accent: { gold: '#fbbf24', info: '#38bdf8', violet: '#8b5cf6', cyan: '#22d3ee', error: '#ef4444' },
  surface: { page: '#0f0f1a', navbar: '#161625', card: '#1d1d30', modal: '#24243a', sidebar: ['#161625', '#1d1d30'] },
  text: { primary: '#ffffff', secondary: '#d4d4e0', muted: '#9a9ab0', hint: '#6b6b80' },
  border: { subtle: '#25253a', default: '#33334d', strong: '#4a4a66' },
};

/**
 * Makes the site's `default` theme the active one, in the caller's transaction: the theme is written
 * first unless the site has one of that themeId (a site copied from another may).
 */
export async function activateDefaultTheme(config: SiteConfig, transaction: Transaction): Promise<SiteTheme> {
  const [theme] = await SiteTheme.findOrCreate({
    where: { siteCode: config.siteCode, themeId: DEFAULT_THEME_ID },
    defaults: {
      siteCode: config.siteCode,
      siteConfigId: config.id,
      themeId: DEFAULT_THEME_ID,
      themeName: DEFAULT_THEME_NAME,
      ...DEFAULT_THEME_COLOURS,
      enabled: 1,
    },
    transaction,
  });
  await config.update({ activeThemeId: theme.id }, { transaction });
  return theme;
}
