import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { LocaleText } from '../../i18n/locales';

/** A deposit channel: the fiat vendor or a USDT address channel. */
@Table({ tableName: 'payment_channels', timestamps: true })
export class PaymentChannel extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.STRING(40), allowNull: false }) key!: string;
  @Column({ type: DataType.STRING(20), allowNull: false }) code!: 'fiatvendor' | 'usdt';
  @Column({ type: DataType.JSONB, allowNull: false }) name!: Partial<LocaleText>;
  @Column({ type: DataType.STRING(10), allowNull: false }) currency!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) paymentMethods!: Array<'fiat' | 'credit' | 'crypto'>;
  @Column({ type: DataType.STRING(255) }) paymentAddress!: string | null;
  @Column({ type: DataType.STRING(20) }) network!: string | null;
  @Column({ type: DataType.SMALLINT, allowNull: false }) enabled!: number;
  /** Orders a group's channels for players (ascending; ties keep the group's order). */
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) sortOrder!: number;
}

/** A payment channel group; players are assigned the enabled group of their locale's currency. */
@Table({ tableName: 'payment_channel_groups', timestamps: true })
export class PaymentChannelGroup extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) groupName!: Partial<LocaleText>;
  @Column({ type: DataType.STRING(10), allowNull: false }) currency!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) channelIds!: number[];
  @Column({ type: DataType.SMALLINT, allowNull: false }) enabled!: number;
}
