import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { LocaleText } from '../../i18n/locales';

export interface MascotEntry {
  id: string;
  label: string | LocaleText;
  url: string;
}

/** Site settings kept as JSON: mail switches and third-party settings per site. */
export interface SiteSettings {
  mail?: { welcomeRegistration?: boolean };
  serviceProviders?: { email?: { smtpUrl?: string; from?: string } };
  [key: string]: unknown;
}

@Table({ tableName: 'site_configs', timestamps: true })
export class SiteConfig extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false, unique: true }) siteCode!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) siteName!: Partial<LocaleText>;
  @Column({ type: DataType.JSONB, allowNull: false }) siteDescription!: Partial<LocaleText>;
  @Column({ type: DataType.JSONB, allowNull: false }) supportedLocales!: string[];
  @Column({ type: DataType.INTEGER, allowNull: true }) activeThemeId!: number | null;
  @Column({ type: DataType.SMALLINT, allowNull: false }) enabled!: number;
  @Column({ type: DataType.JSONB, allowNull: false }) mascots!: MascotEntry[];
  @Column({ type: DataType.JSONB, allowNull: false }) settings!: SiteSettings;
  /** The jurisdiction profile whose floors the settings may not go below (shared/db/functions/site-config/jurisdictions.sql). */
  @Column({ type: DataType.STRING(20), allowNull: false, defaultValue: 'default' }) jurisdiction!: string;
}

export interface ThemeColours {
  primary: { base: string; dark: string; light: string; glow: string };
  accent: { gold: string; info: string; violet: string; cyan: string; error: string };
  surface: { page: string; navbar: string; card: string; modal: string; sidebar: string[] };
  text: { primary: string; secondary: string; muted: string; hint: string };
  border: { subtle: string; default: string; strong: string };
}

/** A colour theme of a site; site_configs.activeThemeId names one by id. */
@Table({ tableName: 'site_themes', timestamps: true })
export class SiteTheme extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) siteConfigId!: number;
  @Column({ type: DataType.STRING(40), allowNull: false }) themeId!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) themeName!: Partial<LocaleText>;
  @Column({ type: DataType.JSONB, allowNull: false, field: 'primary' }) primary!: ThemeColours['primary'];
  @Column({ type: DataType.JSONB, allowNull: false }) accent!: ThemeColours['accent'];
  @Column({ type: DataType.JSONB, allowNull: false }) surface!: ThemeColours['surface'];
  @Column({ type: DataType.JSONB, allowNull: false }) text!: ThemeColours['text'];
  @Column({ type: DataType.JSONB, allowNull: false }) border!: ThemeColours['border'];
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 1 }) enabled!: number;
}
