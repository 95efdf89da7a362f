import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { LocaleText } from '../../i18n/locales';

/** Per-site VIP level; minChip and relegationChip are decimal strings. */
@Table({ tableName: 'vip_levels', timestamps: true })
export class VipLevel extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) level!: number;
  @Column({ type: DataType.JSONB, allowNull: false }) name!: Partial<LocaleText>;
  @Column({ type: DataType.STRING(16), allowNull: false }) tier!: 'bronze' | 'gold' | 'platinum' | 'diamond';
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) minChip!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) relegationChip!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) sortOrder!: number;
  @Column({ type: DataType.SMALLINT, allowNull: false }) enabled!: number;
}
