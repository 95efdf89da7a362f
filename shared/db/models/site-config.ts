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
