import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** One wallet ledger row (game-transaction). Written only by shared/domain/wallet/wallet.ts. */
@Table({ tableName: 'game_transactions', timestamps: true, updatedAt: false })
export class GameTransaction extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) kind!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) amount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) balanceBefore!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) balanceAfter!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) frozenAmount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) frozenBefore!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) frozenAfter!: string;
  @Column({ type: DataType.STRING(160), allowNull: false }) idempotencyKey!: string;
  @Column({ type: DataType.STRING(30) }) refType!: string | null;
  @Column({ type: DataType.STRING(64) }) refId!: string | null;
  @Column({ type: DataType.BIGINT }) betOrderId!: string | null;
  @Column({ type: DataType.STRING(255) }) remark!: string | null;
}

/** Review state of a wallet instrument: 0 pending, 1 approved, 2 rejected. */
export type InstrumentStatus = 0 | 1 | 2;

/**
 * What every wallet instrument holds (migration 0014): its site and player, the review (status, remark,
 * who and when) and the soft delete that hides it from the player's lists.
 */
abstract class WalletInstrument extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) status!: InstrumentStatus;
  @Column({ type: DataType.STRING(255) }) remark!: string | null;
  @Column({ type: DataType.INTEGER }) reviewedBy!: number | null;
  @Column({ type: DataType.DATE }) reviewedAt!: Date | null;
  @Column({ type: DataType.DATE }) override deletedAt!: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** A player's bank card; the three photos are storage keys of private uploaded_images. */
@Table({ tableName: 'bank_cards', timestamps: true })
export class BankCard extends WalletInstrument {
  @Column({ type: DataType.STRING(20), allowNull: false }) bankCode!: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) bankAccount!: string;
  @Column({ type: DataType.STRING(100), allowNull: false, defaultValue: '' }) branch!: string;
  @Column({ type: DataType.STRING(100), allowNull: false }) holderName!: string;
  @Column({ type: DataType.STRING(120), allowNull: false }) idCardFront!: string;
  @Column({ type: DataType.STRING(120), allowNull: false }) idCardBack!: string;
  @Column({ type: DataType.STRING(120), allowNull: false }) passbookCover!: string;
}

/** A player's credit card: never the number nor the CVV, only the last four digits and a keyed fingerprint. */
@Table({ tableName: 'credit_cards', timestamps: true })
export class CreditCard extends WalletInstrument {
  @Column({ type: DataType.CHAR(4), allowNull: false }) cardLast4!: string;
  @Column({ type: DataType.CHAR(64), allowNull: false }) cardFingerprint!: string;
  @Column({ type: DataType.STRING(100), allowNull: false }) holderName!: string;
  @Column({ type: DataType.CHAR(5), allowNull: false }) expiryDate!: string;
}

/** A player's crypto address. */
@Table({ tableName: 'crypto_addresses', timestamps: true })
export class CryptoAddress extends WalletInstrument {
  @Column({ type: DataType.STRING(50), allowNull: false }) walletName!: string;
  @Column({ type: DataType.STRING(10), allowNull: false }) currency!: string;
  @Column({ type: DataType.STRING(20), allowNull: false }) network!: string;
  @Column({ type: DataType.STRING(128), allowNull: false }) address!: string;
}
