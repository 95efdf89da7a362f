import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { LocaleText } from '../../i18n/locales';

/** Per-site game type. */
@Table({ tableName: 'game_type_configs', timestamps: true })
export class GameTypeConfig extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) gameType!: number;
  @Column({ type: DataType.STRING(20), allowNull: false }) typeKey!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) label!: Partial<LocaleText>;
  @Column({ type: DataType.STRING(64), allowNull: false }) icon!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) sortOrder!: number;
  @Column({ type: DataType.BOOLEAN, allowNull: false }) enabled!: boolean;
}

/** Per-site game entry routed to a provider. */
@Table({ tableName: 'game_providers', timestamps: true })
export class GameProvider extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.STRING(64), allowNull: false }) gameCode!: string;
  @Column({ type: DataType.STRING(16), allowNull: false }) providerCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) gameType!: number;
  @Column({ type: DataType.JSONB, allowNull: false }) name!: Partial<LocaleText>;
  @Column({ type: DataType.BOOLEAN, allowNull: false }) areaBlock!: boolean;
  @Column({ type: DataType.BOOLEAN, allowNull: false }) maintain!: boolean;
  @Column({ type: DataType.BOOLEAN, allowNull: false }) enable!: boolean;
  @Column({ type: DataType.INTEGER, allowNull: false }) sortOrder!: number;
}
