import { QueryTypes, type Transaction } from 'sequelize';
import { GameProvider, GameUserBlock, User } from '../../db/models';
import { db } from '../../db/sequelize';
import { InputError, Refusal } from '../../errors';
import type { Actor } from '../audit';
import { pagination } from '../common';
import { logGameAction } from './admin-write';
import { GAME_TYPE_CODES, isGameTypeCode } from './types';

/**
 * Players blocked from games (the risk check of POST /game/launch; also of simulate and the
 * provider bets: docs/decisions/game.md, "Game blocks stop bets where the money moves"). A block has one of
 * three levels, told apart by which fields are set:
 * - all games:      gameType, gameCode and productId all null;
 * - one game type:  gameType set (gameCode and productId null) - matches every game of that type;
 * - one game:       gameCode set, productId optional - matches that game entry, and when productId is
 *                   set only that provider game inside it.
 * Creation refuses any other combination, so every row is exactly one of the three.
 */

export interface GameBlockTarget {
  siteCode: string;
  userId: number;
  gameType: number;
  gameCode: string;
  productId: string;
}

/**
 * The first block that stops this user from this game, or null: the database function game_block_of
 * (shared/db/functions/game/game-blocks.sql), the one rule that simulate_round and the provider bets
 * apply where their money moves.
 */
export async function findBlockingRule(target: GameBlockTarget, transaction?: Transaction): Promise<{ id: number } | null> {
  const [row] = await db().query<{ id: number | null }>('SELECT game_block_of(:siteCode, :userId, :gameType, :gameCode, :productId) AS id', {
    replacements: { ...target },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row?.id ? { id: Number(row.id) } : null;
}

export type GameBlockLevel = 'all' | 'gameType' | 'game';

export interface GameBlockView {
  id: number;
  siteCode: string;
  userId: number;
  account: string | null;
  level: GameBlockLevel;
  gameType: number | null;
  gameCode: string | null;
  productId: string | null;
  reason: string | null;
  createdBy: number | null;
  createdAt: string;
}

function levelOf(block: { gameType: number | null; gameCode: string | null }): GameBlockLevel {
  if (block.gameCode !== null) return 'game';
  if (block.gameType !== null) return 'gameType';
  return 'all';
}

function view(block: GameUserBlock | Record<string, unknown>, account: string | null): GameBlockView {
  const b = block as unknown as GameUserBlock;
  const createdAt = b.createdAt instanceof Date ? b.createdAt : new Date(String(b.createdAt));
  return {
    id: Number(b.id),
    siteCode: b.siteCode,
    userId: Number(b.userId),
    account,
    level: levelOf({ gameType: b.gameType ?? null, gameCode: b.gameCode ?? null }),
    gameType: b.gameType ?? null,
    gameCode: b.gameCode ?? null,
    productId: b.productId ?? null,
    reason: b.reason ?? null,
    createdBy: b.createdBy ?? null,
    createdAt: createdAt.toISOString(),
  };
}

export interface GameBlockListFilter {
  siteCode: string;
  userId?: number;
  page: number;
  pageSize: number;
}

/** The site's blocks, newest first, optionally of one user. */
export async function listGameBlocks(filter: GameBlockListFilter): Promise<{
  items: GameBlockView[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
}> {
  const where = filter.userId !== undefined ? { siteCode: filter.siteCode, userId: filter.userId } : { siteCode: filter.siteCode };
  const { rows, count } = await GameUserBlock.findAndCountAll({
    where,
    order: [['id', 'DESC']],
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  });
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const users = userIds.length ? await User.findAll({ where: { id: userIds }, attributes: ['id', 'account'] }) : [];
  const accounts = new Map(users.map((u) => [u.id, u.account]));
  return {
    items: rows.map((r) => view(r, accounts.get(r.userId) ?? null)),
    pagination: pagination(filter.page, filter.pageSize, count),
  };
}

export interface NewGameBlock {
  userId: number;
  gameType?: number | null;
  gameCode?: string | null;
  productId?: string | null;
  reason?: string | null;
}

/** The block's target, as stored: exactly one of the three levels (refused otherwise, naming the field). */
function targetOf(input: NewGameBlock): { gameType: number | null; gameCode: string | null; productId: string | null } {
  const gameType = input.gameType ?? null;
  const gameCode = input.gameCode ?? null;
  const productId = input.productId ?? null;
  if (gameType !== null && gameCode !== null) throw new InputError('gameType', 'give gameType (one game type) or gameCode (one game), not both');
  if (productId !== null && gameCode === null) throw new InputError('productId', 'productId needs gameCode');
  if (gameType !== null && !isGameTypeCode(gameType)) throw new InputError('gameType', `gameType must be one of ${GAME_TYPE_CODES.join(', ')}`);
  return { gameType, gameCode, productId };
}

/**
 * Blocks a player of the site (`siteCode`: the administrator's site) from games. `playerNotFound` when the user is
 * not a player of the site; `notFound` when gameCode names no game of the site. The same block given twice is one block: the existing row is answered (and
 * nothing is logged again).
 */
export async function createGameBlock(actor: Actor, siteCode: string, input: NewGameBlock): Promise<GameBlockView> {
  const target = targetOf(input);
  const { gameCode } = target;
  return db().transaction(async (transaction) => {
    // One block per (user, target): serialize creations for this user so two clicks make one row.
    await db().query('SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))', { replacements: { key: `game-block:${input.userId}` }, transaction });
    // The player's row, locked as a bet's debit locks it: a bet either commits before the block or,
    // asking game_block_of after its debit, sees it.
    const user = await User.findOne({
      where: { id: input.userId, siteCode },
      attributes: ['id', 'account'],
      transaction,
      lock: transaction.LOCK.NO_KEY_UPDATE,
    });
    if (!user) throw new Refusal('game.playerNotFound');
    if (gameCode !== null && !(await GameProvider.findOne({ where: { siteCode, gameCode }, attributes: ['id'], transaction }))) {
      throw new Refusal('game.notFound', `gameCode "${gameCode.slice(0, 64)}" names no game of site ${siteCode}`);
    }
    const existing = await GameUserBlock.findOne({ where: { siteCode, userId: user.id, ...target }, transaction });
    if (existing) return view(existing, user.account);
    const block = await GameUserBlock.create({ siteCode, userId: user.id, ...target, reason: input.reason ?? null, createdBy: actor.adminId }, { transaction });
    const result = view(block, user.account);
    await logGameAction(actor, siteCode, transaction, {
      action: 'user-block.create',
      targetId: block.id,
      summary: `blocked player ${user.account} from ${describe(result)}`,
      detail: result,
    });
    return result;
  });
}

function describe(block: GameBlockView): string {
  if (block.level === 'all') return 'all games';
  if (block.level === 'gameType') return `game type ${block.gameType}`;
  return `game ${block.gameCode}${block.productId !== null ? ` product ${block.productId}` : ''}`;
}

/** Removes a block of the site. `blockNotFound` when the site has no such block. */
export async function deleteGameBlock(actor: Actor, siteCode: string, id: number): Promise<void> {
  await db().transaction(async (transaction) => {
    const block = await GameUserBlock.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!block) throw new Refusal('game.blockNotFound');
    const user = await User.findByPk(block.userId, { attributes: ['account'], transaction });
    const before = view(block, user?.account ?? null);
    await block.destroy({ transaction });
    await logGameAction(actor, siteCode, transaction, {
      action: 'user-block.delete',
      targetId: id,
      summary: `unblocked player ${before.account ?? before.userId} from ${describe(before)}`,
      detail: before,
    });
  });
}
