import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { LoginLogAction } from '../../i18n/enum-labels';

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
