import { Column, DataType, Model, Table } from 'sequelize-typescript';

export type MissionCategory = 'deposit' | 'bet';
export type MissionPeriodType = 'daily' | 'weekly' | 'monthly';

/** A mission of a site: one tier of one category and period type. */
@Table({ tableName: 'missions', timestamps: true })
export class Mission extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.STRING(10), allowNull: false }) category!: MissionCategory;
  @Column({ type: DataType.STRING(10), allowNull: false }) periodType!: MissionPeriodType;
  @Column({ type: DataType.SMALLINT, allowNull: false }) tier!: number;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) threshold!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) rewardAmount!: string;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) vipRequired!: number;
  @Column({ type: DataType.DECIMAL(10, 2), allowNull: false, defaultValue: '1' }) turnoverMultiplier!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 1 }) enabled!: number;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) sortOrder!: number;
}

/** A player's progress in one category and period (shared by the five tiers). */
@Table({ tableName: 'mission_progress', timestamps: true })
export class MissionProgress extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.STRING(10), allowNull: false }) category!: MissionCategory;
  @Column({ type: DataType.STRING(10), allowNull: false }) periodType!: MissionPeriodType;
  @Column({ type: DataType.STRING(10), allowNull: false }) periodKey!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) progress!: string;
}

/** A claimed mission reward: one per user, mission and period, with its turnover requirement. */
@Table({ tableName: 'mission_claims', timestamps: true, createdAt: 'claimedAt' })
export class MissionClaim extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.INTEGER, allowNull: false }) missionId!: number;
  @Column({ type: DataType.STRING(10), allowNull: false }) category!: MissionCategory;
  @Column({ type: DataType.STRING(10), allowNull: false }) periodType!: MissionPeriodType;
  @Column({ type: DataType.SMALLINT, allowNull: false }) tier!: number;
  @Column({ type: DataType.STRING(10), allowNull: false }) periodKey!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) rewardAmount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) requiredTurnover!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) completedTurnover!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) turnoverCompleted!: number;
  @Column({ type: DataType.BIGINT }) ledgerId!: string | null;
  declare claimedAt: Date;
}
