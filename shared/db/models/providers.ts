import { Column, DataType, Model, Table } from 'sequelize-typescript';

export type ProviderTransactionKind = 'bet' | 'result' | 'win' | 'cancel' | 'jackpot';
/** open/settled/cancelled: bets; done: results, wins, jackpots, cancels; tombstone: cancel of an unknown bet. */
export type ProviderTransactionStatus = 'open' | 'settled' | 'cancelled' | 'done' | 'tombstone';

/**
 * One accepted provider money call (provx, provy), unique per (provider, kind, transactionId): the
 * request's identifying fields (compared on a replay) and the answer sent the first time. Written only
 * by the money calls' database functions (shared/db/functions/providers), which seamless-wallet.ts runs.
 */
@Table({ tableName: 'provider_transactions', timestamps: true })
export class ProviderTransaction extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(16), allowNull: false }) provider!: string;
  @Column({ type: DataType.STRING(16), allowNull: false }) kind!: ProviderTransactionKind;
  /** The provider's id of the call; for a provx cancel, the cancelled bet's id. */
  @Column({ type: DataType.STRING(120), allowNull: false }) transactionId!: string;
  /** The bet a win or cancel refers to. */
  @Column({ type: DataType.STRING(120) }) betTransactionId!: string | null;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.STRING(120) }) roundId!: string | null;
  @Column({ type: DataType.STRING(64) }) gameCode!: string | null;
  /** The bet amount the call carried (null when it carried none). */
  @Column({ type: DataType.DECIMAL(18, 6) }) debitAmount!: string | null;
  /** The win or jackpot amount the call carried (null when it carried none). */
  @Column({ type: DataType.DECIMAL(18, 6) }) creditAmount!: string | null;
  @Column({ type: DataType.STRING(12), allowNull: false }) status!: ProviderTransactionStatus;
  @Column({ type: DataType.BIGINT }) betOrderId!: string | null;
  @Column({ type: DataType.JSON, allowNull: false }) response!: Record<string, unknown>;
}
