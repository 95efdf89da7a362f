import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { LocaleText } from '../../i18n/locales';

export type PromotionConditionType = 'deposit_threshold' | 'vip_level' | 'first_deposit';

/** A promotion of a site. Images are storage keys; answers turn them into URLs. */
@Table({ tableName: 'promotions', timestamps: true })
export class Promotion extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) title!: Partial<LocaleText>;
  @Column({ type: DataType.JSONB, allowNull: false }) content!: Partial<LocaleText>;
  @Column({ type: DataType.STRING(255) }) imgPc!: string | null;
  @Column({ type: DataType.STRING(255) }) imgMobile!: string | null;
  @Column({ type: DataType.TEXT, allowNull: false, defaultValue: '' }) actionHtml!: string;
  @Column({ type: DataType.DATE, allowNull: false }) startTime!: Date;
  @Column({ type: DataType.DATE, allowNull: false }) endTime!: Date;
  @Column({ type: DataType.STRING(50), allowNull: false, defaultValue: '' }) tag!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 1 }) enabled!: number;
  @Column({ type: DataType.STRING(20), allowNull: false }) conditionType!: PromotionConditionType;
  @Column({ type: DataType.STRING(50), allowNull: false, defaultValue: '0' }) conditionValue!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) rewardAmount!: string;
  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false, defaultValue: '0' }) turnoverMultiplier!: string;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) maxClaims!: number;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) claimedCount!: number;
  /** cash (as before) or bonus: a bonus grant of rewardAmount with these terms (docs/decisions/bonus.md). */
  @Column({ type: DataType.STRING(5), allowNull: false, defaultValue: 'cash' }) rewardKind!: 'cash' | 'bonus';
  @Column({ type: DataType.DECIMAL(18, 6) }) bonusMaxBet!: string | null;
  @Column({ type: DataType.DECIMAL(18, 6) }) bonusMaxConversion!: string | null;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 30 }) bonusValidDays!: number;
}

/** A player's claim of a promotion, with the promotion's title and tag as claimed and its turnover. */
@Table({ tableName: 'promotion_claims', timestamps: true, createdAt: 'claimedAt' })
export class PromotionClaim extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.INTEGER, allowNull: false }) promoId!: number;
  @Column({ type: DataType.JSONB, allowNull: false }) promoTitle!: Partial<LocaleText>;
  @Column({ type: DataType.STRING(50), allowNull: false, defaultValue: '' }) promoTag!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) rewardAmount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) requiredTurnover!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) completedTurnover!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) turnoverCompleted!: number;
  @Column({ type: DataType.BIGINT }) ledgerId!: string | null;
  /** Forfeited when an exclusion started with its turnover open (shared/domain/responsible-gaming/promo-forfeits.ts): when, how much was taken, the ledger row. */
  @Column({ type: DataType.DATE }) forfeitedAt!: Date | null;
  @Column({ type: DataType.DECIMAL(18, 6) }) forfeitedAmount!: string | null;
  @Column({ type: DataType.BIGINT }) forfeitLedgerId!: string | null;
  /** The bonus grant a claim of a bonus promotion made (docs/decisions/bonus.md). */
  @Column({ type: DataType.BIGINT }) bonusGrantId!: string | null;
  declare claimedAt: Date;
}
