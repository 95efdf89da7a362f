import { Column, DataType, Model, PrimaryKey, Table } from 'sequelize-typescript';
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
  /** What reaching the level pays, 0 none (docs/decisions/vip.md, "The VIP upgrade bonus: cash or bonus money, once per level"). */
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) upgradeBonus!: string;
  @Column({ type: DataType.STRING(5), allowNull: false, defaultValue: 'cash' }) upgradeBonusKind!: 'cash' | 'bonus';
  /** Bonus money's terms: wagering = upgradeBonus x this, max bet, max conversion, days of validity. */
  @Column({ type: DataType.DECIMAL(7, 2), allowNull: false, defaultValue: '0' }) upgradeBonusWageringMultiplier!: string;
  @Column({ type: DataType.DECIMAL(18, 6) }) upgradeBonusMaxBet!: string | null;
  @Column({ type: DataType.DECIMAL(18, 6) }) upgradeBonusMaxConversion!: string | null;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 30 }) upgradeBonusValidDays!: number;
}

/** A rebate rule: percent of a day's effective bet, per site, VIP level and game type (typeKey). */
@Table({ tableName: 'vip_rebates', timestamps: true })
export class VipRebate extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) level!: number;
  @Column({ type: DataType.STRING(20), allowNull: false }) gameType!: string;
  @Column({ type: DataType.DECIMAL(5, 2), allowNull: false }) rebateRate!: string;
}

/** One paid rebate: a user, a day and a game type (numeric code) pay once (the primary key). */
@Table({ tableName: 'vip_rebate_logs', timestamps: true, updatedAt: false })
export class VipRebateLog extends Model {
  @PrimaryKey @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @PrimaryKey @Column({ type: DataType.DATEONLY, allowNull: false }) day!: string;
  @PrimaryKey @Column({ type: DataType.SMALLINT, allowNull: false }) gameType!: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) vipLevel!: number;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) effectiveBet!: string;
  @Column({ type: DataType.DECIMAL(5, 2), allowNull: false }) rebateRate!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) amount!: string;
  @Column({ type: DataType.BIGINT }) ledgerId!: string | null;
  /** The exclusion (selfExcluded, coolingOff) that withheld this rebate: nothing was paid (ledgerId null), and never will be. */
  @Column({ type: DataType.STRING(20) }) withheld!: string | null;
}

/** One run of a periodic settlement per site and period (YYYY-MM-DD or YYYY-MM), with a resume cursor. */
@Table({ tableName: 'vip_settlement_runs', timestamps: false })
export class VipSettlementRun extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.STRING(20), allowNull: false }) kind!: 'daily-rebate' | 'monthly-relegation';
  @Column({ type: DataType.STRING(10), allowNull: false }) period!: string;
  @Column({ type: DataType.STRING(12), allowNull: false }) status!: 'running' | 'done';
  @Column({ type: DataType.INTEGER, allowNull: false }) lastUserId!: number;
  @Column({ type: DataType.INTEGER, allowNull: false }) usersProcessed!: number;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) total!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) checked!: number;
  @Column({ type: DataType.INTEGER, allowNull: false }) warned!: number;
  @Column({ type: DataType.INTEGER, allowNull: false }) demoted!: number;
  @Column({ type: DataType.DATE, allowNull: false }) startedAt!: Date;
  @Column({ type: DataType.DATE }) finishedAt!: Date | null;
}
