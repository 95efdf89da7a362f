import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** A job to push to BullMQ, written in the same transaction as the state change that causes it. */
@Table({ tableName: 'outbox', timestamps: true, updatedAt: false })
export class OutboxMessage extends Model {
  /** BIGSERIAL: pg returns it as a string. */
  declare id: string;
  @Column({ type: DataType.STRING(40), allowNull: false }) queue!: string;
  @Column({ type: DataType.STRING(60), allowNull: false }) name!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) payload!: Record<string, unknown>;
  @Column({ type: DataType.DATE }) sentAt!: Date | null;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) attempts!: number;
  @Column({ type: DataType.TEXT }) lastError!: string | null;
}
