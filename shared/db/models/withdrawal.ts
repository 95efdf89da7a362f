import { Column, DataType, Model, Table } from 'sequelize-typescript';

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected' | 'completed';

/** A player's withdrawal (migration 0031): an amount in USD held until rejected or paid out. */
@Table({ tableName: 'withdrawals', timestamps: true })
export class Withdrawal extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) amount!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) cryptoAddressId!: number;
  @Column({ type: DataType.STRING(10), allowNull: false, defaultValue: 'pending' }) status!: WithdrawalStatus;
  @Column({ type: DataType.STRING(255) }) rejectReason!: string | null;
  @Column({ type: DataType.INTEGER }) reviewedBy!: number | null;
  @Column({ type: DataType.DATE }) reviewedAt!: Date | null;
  @Column({ type: DataType.INTEGER }) completedBy!: number | null;
  @Column({ type: DataType.DATE }) completedAt!: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
