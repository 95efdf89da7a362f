import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { LocaleText } from '../../i18n/locales';

export type InboxCategory = 'system' | 'promo';

/** An inbox message: personal (userId) or site-wide (userId null), stored once. */
@Table({ tableName: 'inbox_messages', timestamps: true })
export class InboxMessage extends Model {
  /** BIGSERIAL: pg returns it as a string. */
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: true }) userId!: number | null;
  @Column({ type: DataType.JSONB, allowNull: false }) title!: Partial<LocaleText>;
  @Column({ type: DataType.JSONB, allowNull: false }) content!: Partial<LocaleText>;
  @Column({ type: DataType.STRING(10), allowNull: false }) category!: InboxCategory;
  /** What wrote it when a job did (`welcome:<userId>`): one message per source. */
  @Column({ type: DataType.STRING(100), allowNull: true }) sourceKey!: string | null;
}

/** A message a player read one by one, after the player's read-all mark. */
@Table({ tableName: 'inbox_reads', timestamps: false })
export class InboxRead extends Model {
  @Column({ type: DataType.STRING(30), allowNull: false, primaryKey: true }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false, primaryKey: true }) userId!: number;
  @Column({ type: DataType.BIGINT, allowNull: false, primaryKey: true }) messageId!: string;
  @Column({ type: DataType.DATE, allowNull: false }) readAt!: Date;
}

/** A player's read-all mark: every message of the player created at or before readUpTo is read. */
@Table({ tableName: 'inbox_read_marks', timestamps: true, createdAt: false })
export class InboxReadMark extends Model {
  @Column({ type: DataType.STRING(30), allowNull: false, primaryKey: true }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false, primaryKey: true }) userId!: number;
  @Column({ type: DataType.DATE, allowNull: false }) readUpTo!: Date;
}
