import type { MigrationContext } from '../migrator';

/**
 * Every site config without any theme gets the `default` theme, active, as a new site does
 * (docs/decisions/site-config.md, "Every new site has a theme"). A site that has themes keeps them as they are,
 * active or not. The colours are copied here as they were when written. The way down leaves the
 * themes: they are operators' data from then on.
 */
const NAME = { 'zh-TW': '預設', 'zh-CN': '默认', 'en-US': 'Default', 'th-TH': 'ค่าเริ่มต้น', 'vi-VN': 'Mặc định' };
const COLOURS = {
  primary: { base: '#7c3aed', dark: '#5b21b6', light: '#a78bfa', glow: 'rgba(124, 58, 237, 0.45)' },
  accent: { gold: '#fbbf24', info: '#38bdf8', violet: '#8b5cf6', cyan: '#22d3ee', error: '#ef4444' },
  surface: { page: '#0f0f1a', navbar: '#161625', card: '#1d1d30', modal: '#24243a', sidebar: ['#161625', '#1d1d30'] },
  text: { primary: '#ffffff', secondary: '#d4d4e0', muted: '#9a9ab0', hint: '#6b6b80' },
  border: { subtle: '#25253a', default: '#33334d', strong: '#4a4a66' },
};

export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(
    `WITH added AS (
       INSERT INTO site_themes ("siteCode", "siteConfigId", "themeId", "themeName", "primary", accent, surface, text, border, enabled, "createdAt", "updatedAt")
       SELECT c."siteCode", c.id, 'default', CAST(:name AS jsonb), CAST(:primary AS jsonb), CAST(:accent AS jsonb), CAST(:surface AS jsonb),
              CAST(:text AS jsonb), CAST(:border AS jsonb), 1, now(), now()
         FROM site_configs c
        WHERE NOT EXISTS (SELECT 1 FROM site_themes t WHERE t."siteConfigId" = c.id OR t."siteCode" = c."siteCode")
       RETURNING id, "siteConfigId"
     )
     UPDATE site_configs c SET "activeThemeId" = added.id, "updatedAt" = now() FROM added WHERE c.id = added."siteConfigId"`,
    {
      replacements: {
        name: JSON.stringify(NAME),
        primary: JSON.stringify(COLOURS.primary),
        accent: JSON.stringify(COLOURS.accent),
        surface: JSON.stringify(COLOURS.surface),
        text: JSON.stringify(COLOURS.text),
        border: JSON.stringify(COLOURS.border),
      },
    },
  );
}

export async function down(): Promise<void> {
  // The themes stay (see above).
}
