import { Column, DataType, Model, Table } from 'sequelize-typescript';
import type { LocaleText } from '../../i18n/locales';

/** Per-site game type. */
@Table({ tableName: 'game_type_configs', timestamps: true })
export class GameTypeConfig extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) gameType!: number;
  @Column({ type: DataType.STRING(20), allowNull: false }) typeKey!: string;
  @Column({ type: DataType.JSONB, allowNull: false }) label!: Partial<LocaleText>;
  @Column({ type: DataType.STRING(64), allowNull: false }) icon!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) sortOrder!: number;
  @Column({ type: DataType.BOOLEAN, allowNull: false }) enabled!: boolean;
}

/** Per-site game entry routed to a provider. */
@Table({ tableName: 'game_providers', timestamps: true })
export class GameProvider extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.STRING(64), allowNull: false }) gameCode!: string;
  @Column({ type: DataType.STRING(16), allowNull: false }) providerCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) gameType!: number;
  @Column({ type: DataType.JSONB, allowNull: false }) name!: Partial<LocaleText>;
  @Column({ type: DataType.BOOLEAN, allowNull: false }) areaBlock!: boolean;
  @Column({ type: DataType.BOOLEAN, allowNull: false }) maintain!: boolean;
  @Column({ type: DataType.BOOLEAN, allowNull: false }) enable!: boolean;
  @Column({ type: DataType.INTEGER, allowNull: false }) sortOrder!: number;
}

/** A bet order: one round of one player at one provider. */
@Table({ tableName: 'bet_orders', timestamps: true })
export class BetOrder extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.STRING(16), allowNull: false }) providerCode!: string;
  @Column({ type: DataType.STRING(64), allowNull: false }) gameCode!: string;
  @Column({ type: DataType.STRING(120), allowNull: false, defaultValue: '' }) gameName!: string;
  /** Numeric game type code as a string. */
  @Column({ type: DataType.STRING(4), allowNull: false }) gameType!: string;
  @Column({ type: DataType.STRING(32), allowNull: false }) gamePlatform!: string;
  @Column({ type: DataType.STRING(120), allowNull: false }) gameNumber!: string;
  @Column({ type: DataType.STRING(32) }) productId!: string | null;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 1 }) totalBetCount!: number;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) betAmount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) betEffective!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) winAmount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) winLose!: string;
  @Column({ type: DataType.DECIMAL(10, 2) }) multiplier!: string | null;
  @Column({ type: DataType.DECIMAL(10, 2) }) odds!: string | null;
  @Column({ type: DataType.STRING(12), allowNull: false, defaultValue: 'valid' }) status!: 'valid' | 'invalid' | 'cancelled';
  @Column({ type: DataType.STRING(20) }) invalidReason!: 'draw' | 'cancelled' | 'low_odds' | 'arbitrage' | null;
  @Column({ type: DataType.BOOLEAN, allowNull: false, defaultValue: false }) settled!: boolean;
  @Column({ type: DataType.DATE, allowNull: false, defaultValue: DataType.NOW }) betDatetime!: Date;
  @Column({ type: DataType.DATE }) settledAt!: Date | null;
  /** Set in the same transaction that applies the post-bet chain: it runs once per order. */
  @Column({ type: DataType.DATE }) postProcessedAt!: Date | null;
  /** The betEffective this order has added to its user's totalEffectiveBet (post-bet chain): 0 until then. */
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) countedEffective!: string;
}

/** One round line of a bet order. */
@Table({ tableName: 'bet_details', timestamps: true, updatedAt: false })
export class BetDetail extends Model {
  declare id: string;
  @Column({ type: DataType.BIGINT, allowNull: false }) betOrderId!: string;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 1 }) roundNo!: number;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) betAmount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: '0' }) winLose!: string;
  @Column({ type: DataType.STRING(120) }) providerTxId!: string | null;
}

/** Last play time per (user, game, product). */
@Table({ tableName: 'game_play_logs', timestamps: false })
export class GamePlayLog extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.STRING(64), allowNull: false }) gameCode!: string;
  @Column({ type: DataType.STRING(32), allowNull: false }) productId!: string;
  @Column({ type: DataType.DATE, allowNull: false, defaultValue: DataType.NOW }) lastPlayedAt!: Date;
}

/**
 * A player blocked from games: all games (gameType, gameCode and productId null), one game type
 * (gameType set), or one game (gameCode, and optionally productId, set).
 */
@Table({ tableName: 'game_user_blocks', timestamps: true, updatedAt: false })
export class GameUserBlock extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.INTEGER }) gameType!: number | null;
  @Column({ type: DataType.STRING(64) }) gameCode!: string | null;
  @Column({ type: DataType.STRING(32) }) productId!: string | null;
  @Column({ type: DataType.STRING(255) }) reason!: string | null;
  @Column({ type: DataType.INTEGER }) createdBy!: number | null;
}
