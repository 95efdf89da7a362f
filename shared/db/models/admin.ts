import { BelongsTo, Column, DataType, ForeignKey, HasMany, Model, Table } from 'sequelize-typescript';

/** An administrator group holding `<module>:<read|write>` permission strings (`*` = all). */
@Table({ tableName: 'admin_groups', timestamps: true })
export class AdminGroup extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(50), allowNull: false, unique: true }) name!: string;
  @Column({ type: DataType.JSONB, allowNull: false, defaultValue: [] }) permissions!: string[];
  @Column({ type: DataType.STRING(255), allowNull: false, defaultValue: '' }) description!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 1 }) status!: number;
  /** 1: members log in with an authenticator code (migration 0042). */
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) requireTotp!: number;
  @HasMany(() => Admin) admins?: Admin[];
}

/**
 * An administrator account; independent of players. `sites` null: a platform administrator (every
 * site); otherwise the site codes it is bound to (docs/decisions/admin.md, "Administrators bound to sites").
 */
@Table({ tableName: 'admins', timestamps: true })
export class Admin extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(50), allowNull: false, unique: true }) account!: string;
  @Column({ type: DataType.STRING(255), allowNull: false }) password!: string;
  @Column({ type: DataType.STRING(50), allowNull: false }) name!: string;
  @ForeignKey(() => AdminGroup)
  @Column({ type: DataType.INTEGER, allowNull: false })
  groupId!: number;
  @BelongsTo(() => AdminGroup) group?: AdminGroup;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 1 }) status!: number;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) tokenVersion!: number;
  @Column({ type: DataType.STRING(64) }) lastLoginIp!: string | null;
  @Column({ type: DataType.DATE }) lastLoginAt!: Date | null;
  /** The authenticator, as players have it, with its last accepted step and wrong codes (migration 0042). */
  @Column({ type: DataType.STRING(32) }) totpAuthSecret!: string | null;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) totpAuthEnabled!: number;
  @Column({ type: DataType.BIGINT }) totpLastStep!: string | null;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) totpFailures!: number;
  @Column({ type: DataType.DATE }) totpFailedAt!: Date | null;
  @Column({ type: DataType.ARRAY(DataType.STRING(30)) }) sites!: string[] | null;
}

/** One administrator action. */
@Table({ tableName: 'admin_operation_logs', timestamps: true, updatedAt: false })
export class AdminOperationLog extends Model {
  declare id: number;
  @Column({ type: DataType.INTEGER }) adminId!: number | null;
  @Column({ type: DataType.STRING(30) }) siteCode!: string | null;
  @Column({ type: DataType.STRING(40), allowNull: false }) module!: string;
  @Column({ type: DataType.STRING(40), allowNull: false }) action!: string;
  @Column({ type: DataType.STRING(64) }) targetId!: string | null;
  @Column({ type: DataType.STRING(64) }) ip!: string | null;
  @Column({ type: DataType.STRING(255) }) userAgent!: string | null;
  @Column({ type: DataType.STRING(10) }) method!: string | null;
  @Column({ type: DataType.STRING(255) }) path!: string | null;
  @Column({ type: DataType.JSONB }) detail!: unknown;
  @Column({ type: DataType.STRING(255) }) summary!: string | null;
}
