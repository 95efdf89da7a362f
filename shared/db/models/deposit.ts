import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { LocaleText } from '../../i18n/locales';

/** A deposit order (migration 0016). BIGSERIAL id: pg returns it as a string. */
@Table({ tableName: 'deposit_orders', timestamps: true })
export class DepositOrder extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.INTEGER, allowNull: false }) channelId!: number;
  @Column({ type: DataType.STRING(20), allowNull: false }) channelCode!: string;
  @Column({ type: DataType.STRING(10), allowNull: false }) currency!: string;
  @Column({ type: DataType.STRING(64), allowNull: false }) subOrder!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) orderAmount!: string;
  @Column({ type: DataType.STRING(10), allowNull: false }) paymentMethod!: 'fiat' | 'credit' | 'crypto';
  @Column({ type: DataType.STRING(10), allowNull: false }) status!: 'pending' | 'created' | 'paid' | 'failed';
  @Column({ type: DataType.DECIMAL(18, 10), allowNull: false }) exchangeRate!: string;
  @Column({ type: DataType.DECIMAL(18, 6) }) payAmount!: string | null;
  @Column({ type: DataType.STRING(40) }) payTime!: string | null;
  @Column({ type: DataType.DECIMAL(18, 6) }) usdAmount!: string | null;
  @Column({ type: DataType.STRING(128) }) txHash!: string | null;
  @Column({ type: DataType.STRING(255) }) paymentAddress!: string | null;
  @Column({ type: DataType.STRING(20) }) network!: string | null;
  @Column({ type: DataType.JSONB, allowNull: false }) request!: Record<string, unknown>;
  @Column({ type: DataType.JSONB }) vendorReply!: unknown;
  @Column({ type: DataType.JSONB }) callbackData!: unknown;
  @Column({ type: DataType.STRING(40) }) failReason!: string | null;
  @Column({ type: DataType.STRING(20) }) flag!: string | null;
  @Column({ type: DataType.DATE }) flaggedAt!: Date | null;
  @Column({ type: DataType.STRING(10) }) resolution!: 'credit' | 'fail' | null;
  @Column({ type: DataType.STRING(255) }) resolutionReason!: string | null;
  @Column({ type: DataType.INTEGER }) resolvedBy!: number | null;
  @Column({ type: DataType.DATE }) resolvedAt!: Date | null;
  @Column({ type: DataType.DATE }) paidAt!: Date | null;
  @Column({ type: DataType.DATE }) creditedAt!: Date | null;
  /** The deposit offer the player opted into with its code (docs/decisions/bonus.md, "Deposit offers"). */
  @Column({ type: DataType.BIGINT }) bonusOfferId!: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** One signed vendor callback and what it did (migration 0016). */
@Table({ tableName: 'deposit_callbacks', timestamps: true, updatedAt: false })
export class DepositCallback extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30) }) siteCode!: string | null;
  @Column({ type: DataType.STRING(20), allowNull: false }) vendor!: string;
  @Column({ type: DataType.STRING(10), allowNull: false }) kind!: string;
  @Column({ type: DataType.STRING(128) }) subOrder!: string | null;
  @Column({ type: DataType.STRING(128) }) txHash!: string | null;
  @Column({ type: DataType.BIGINT }) depositOrderId!: string | null;
  @Column({ type: DataType.STRING(30), allowNull: false }) outcome!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) body!: unknown;
  declare createdAt: Date;
}

/** The last good exchange rates of a bank (migration 0016). */
@Table({ tableName: 'exchange_rate_snapshots', timestamps: false })
export class ExchangeRateSnapshot extends Model {
  @Column({ type: DataType.STRING(20), primaryKey: true }) bankCode!: string;
  @Column({ type: DataType.STRING(40), allowNull: false }) rateTime!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) rates!: Record<string, { buy: string; sell: string }>;
  @Column({ type: DataType.DATE, allowNull: false }) fetchedAt!: Date;
}

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
