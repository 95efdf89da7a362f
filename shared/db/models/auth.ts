import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { LoginLogAction } from '../../i18n/enum-labels';

/** A player. Money columns come back from Postgres as decimal strings. */
@Table({ tableName: 'users', timestamps: true })
export class User extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.STRING(50), allowNull: false }) account!: string;
  /** The name's look-alike key, unique per site where set (shared/domain/auth/account-names.ts, migration 0011). */
  @Column({ type: DataType.TEXT }) accountKey!: string | null;
  @Column({ type: DataType.STRING(255), allowNull: false, defaultValue: '' }) password!: string;
  @Column({ type: DataType.STRING(50), allowNull: false }) name!: string;
  @Column({ type: DataType.STRING(50) }) email!: string | null;
  @Column({ type: DataType.STRING(6) }) emailVerifyCode!: string | null;
  @Column({ type: DataType.STRING(30) }) mobile!: string | null;
  @Column({ type: DataType.STRING(40) }) mobileVerifyCode!: string | null;
  @Column({ type: DataType.STRING(50) }) widget!: string | null;
  @Column({ type: DataType.STRING(50) }) oauth!: string | null;
  @Column({ type: DataType.STRING(4), allowNull: false, defaultValue: '1' }) vipLevel!: string;
  @Column({ type: DataType.STRING(3), defaultValue: '0' }) vipProgress!: string | null;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) totalEffectiveBet!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) relegationMissCount!: number;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) vipHold!: number;
  @Column({ type: DataType.STRING(32) }) totpAuthSecret!: string | null;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) totpAuthEnabled!: number;
  /** The time step of the last accepted code, and the wrong codes counted for the lock-out (migration 0042). */
  @Column({ type: DataType.BIGINT }) totpLastStep!: string | null;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) totpFailures!: number;
  @Column({ type: DataType.DATE }) totpFailedAt!: Date | null;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) tokenVersion!: number;
  /** When the player closed the account (POST /auth/close-account): it logs in no more. */
  @Column({ type: DataType.DATE }) closedAt!: Date | null;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) balance!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) frozenBalance!: string;
  /** The bonus balance (docs/decisions/bonus.md): moved only by the bonus functions of the wallet (bonus_move). */
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) bonusBalance!: string;
  @Column({ type: DataType.STRING(6) }) withdrawalVerifyCode!: string | null;
  /** When the withdrawal code was sent (it expires) and its wrong tries so far (migration 0031). */
  @Column({ type: DataType.DATE }) withdrawalCodeSentAt!: Date | null;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) withdrawalCodeTries!: number;
  @Column({ type: DataType.STRING(10), allowNull: false, defaultValue: 'zh-TW' }) locale!: string;
  @Column({ type: DataType.STRING(255) }) avatar!: string | null;
  @Column({ type: DataType.INTEGER }) vendorGroupId!: number | null;
  /** 1 once an operator chose the group (PUT /vendor/admin/users/:id/group): logouts keep it (migration 0049). */
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) vendorGroupLocked!: number;
  @Column({ type: DataType.STRING(20) }) agentCode!: string | null;
  @Column({ type: DataType.INTEGER }) level1AgentId!: number | null;
  @Column({ type: DataType.INTEGER }) level2AgentId!: number | null;
  @Column({ type: DataType.INTEGER }) level3AgentId!: number | null;
  /** The agent's tier code; null = the site's lowest tier. */
  @Column({ type: DataType.STRING(20) }) agentTierCode!: string | null;
  /** 1 once set-agent-tier chose the tier: settlements no longer move it. */
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) agentTierLocked!: number;
  @Column({ type: DataType.DATE }) agentSince!: Date | null;
  /** The referral code the player registered through, if any. */
  @Column({ type: DataType.INTEGER }) referralCodeId!: number | null;
  @Column({ type: DataType.STRING(64) }) registerIp!: string | null;
  @Column({ type: DataType.STRING(255) }) registerDevice!: string | null;
  @Column({ type: DataType.DATE }) agentTourCompletedAt!: Date | null;
  @Column({ type: DataType.DATE }) agentTourDismissedAt!: Date | null;
  @Column({ type: DataType.DATE }) lastActivityAt!: Date | null;
  /** Set once the welcome mail was sent or skipped for good (welcome-mail.ts); null while it is owed. */
  @Column({ type: DataType.DATE }) welcomeMailAt!: Date | null;
}

/** One player login event. */
@Table({ tableName: 'user_login_logs', timestamps: true, updatedAt: false })
export class UserLoginLog extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER }) userId!: number | null;
  @Column({ type: DataType.STRING(255), allowNull: false, defaultValue: '' }) device!: string;
  @Column({ type: DataType.STRING(64), allowNull: false, defaultValue: '' }) ip!: string;
  @Column({ type: DataType.DATE, allowNull: false, defaultValue: DataType.NOW }) lastUse!: Date;
  @Column({ type: DataType.STRING(20), allowNull: false }) action!: LoginLogAction;
  @Column({ type: DataType.STRING(120) }) remark!: string | null;
}
