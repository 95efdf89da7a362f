import { QueryTypes, type Transaction } from 'sequelize';
import { GameProvider, GameUserBlock, User } from '../../db/models';
import { db } from '../../db/sequelize';
import { BizError, HttpError } from '../../errors';
import { recordAdminAction } from '../admin/operation-log';
import type { RequestMeta } from '../admin/login';
import { isGameTypeCode } from './types';
import { pagination } from '../common/paging';

/**
 * Players blocked from games (the risk check of POST /game/launch, Part A 4.3). A block has one of three
 * levels, told apart by which fields are set:
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

/** The first block that stops this user from this game, or null. */
export async function findBlockingRule(target: GameBlockTarget, transaction?: Transaction): Promise<{ id: number } | null> {
  const [row] = await db().query<{ id: number }>(
    `SELECT id FROM game_user_blocks
      WHERE "userId" = :userId AND "siteCode" = :siteCode
        AND (   ("gameType" IS NULL AND "gameCode" IS NULL AND "productId" IS NULL)
             OR ("gameType" = :gameType AND "gameCode" IS NULL)
             OR ("gameCode" = :gameCode AND ("productId" IS NULL OR "productId" = :productId)))
      ORDER BY id LIMIT 1`,
    { replacements: { ...target }, type: QueryTypes.SELECT, transaction },
  );
  return row ?? null;
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

export interface GameBlockActor {
  adminId: number;
  /** The site the administrator works on (x-site-code / siteCode query, else SITE_CODE). */
  siteCode: string;
  meta: RequestMeta;
}

export interface GameBlockListFilter {
  siteCode: string;
  userId?: number;
  page: number;
  pageSize: number;
}

/** GET /game/admin/user-blocks: the site's blocks, newest first, optionally of one user. */
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

function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, `Invalid body: ${field}: ${message}`, { errors: [{ field, message }] });
}

/**
 * POST /game/admin/user-blocks. 2001 when the user is not a player of the administrator's site. The same
 * block given twice is one block: the existing row is answered (and nothing is logged again).
 */
export async function createGameBlock(actor: GameBlockActor, input: NewGameBlock): Promise<GameBlockView> {
  const gameType = input.gameType ?? null;
  const gameCode = input.gameCode ?? null;
  const productId = input.productId ?? null;
  if (gameType !== null && gameCode !== null) throw fieldError('gameType', 'give gameType (one game type) or gameCode (one game), not both');
  if (productId !== null && gameCode === null) throw fieldError('productId', 'productId needs gameCode');
  if (gameType !== null && !isGameTypeCode(gameType)) throw fieldError('gameType', 'gameType must be one of 1, 2, 3, 4, 5, 8, 9, 10');

  return db().transaction(async (transaction) => {
    const user = await User.findOne({ where: { id: input.userId, siteCode: actor.siteCode }, attributes: ['id', 'account'], transaction });
    if (!user) throw new BizError(2001, 'User not found in this site');
    if (gameCode !== null && !(await GameProvider.findOne({ where: { siteCode: actor.siteCode, gameCode }, attributes: ['id'], transaction }))) {
      throw fieldError('gameCode', `gameCode "${gameCode.slice(0, 64)}" names no game of site ${actor.siteCode}`);
    }
    // One block per (user, target): serialize creations for this user so two clicks make one row.
    await db().query('SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))', { replacements: { key: `game-block:${user.id}` }, transaction });
    const existing = await GameUserBlock.findOne({ where: { siteCode: actor.siteCode, userId: user.id, gameType, gameCode, productId }, transaction });
    if (existing) return view(existing, user.account);
    const block = await GameUserBlock.create(
      { siteCode: actor.siteCode, userId: user.id, gameType, gameCode, productId, reason: input.reason ?? null, createdBy: actor.adminId },
      { transaction },
    );
    const result = view(block, user.account);
    await recordAdminAction(
      {
        adminId: actor.adminId,
        siteCode: actor.siteCode,
        ...actor.meta,
        module: 'game',
        action: 'user-block.create',
        targetId: block.id,
        summary: `blocked player ${user.account} from ${describe(result)}`,
        detail: result,
      },
      { transaction },
    );
    return result;
  });
}

function describe(block: GameBlockView): string {
  if (block.level === 'all') return 'all games';
  if (block.level === 'gameType') return `game type ${block.gameType}`;
  return `game ${block.gameCode}${block.productId !== null ? ` product ${block.productId}` : ''}`;
}

/** DELETE /game/admin/user-blocks/:id. 2002 when the site has no such block. */
export async function deleteGameBlock(actor: GameBlockActor, id: number): Promise<void> {
  await db().transaction(async (transaction) => {
    const block = await GameUserBlock.findOne({ where: { id, siteCode: actor.siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!block) throw new BizError(2002, 'Game block not found');
    const user = await User.findByPk(block.userId, { attributes: ['account'], transaction });
    const before = view(block, user?.account ?? null);
    await block.destroy({ transaction });
    await recordAdminAction(
      {
        adminId: actor.adminId,
        siteCode: actor.siteCode,
        ...actor.meta,
        module: 'game',
        action: 'user-block.delete',
        targetId: id,
        summary: `unblocked player ${before.account ?? before.userId} from ${describe(before)}`,
        detail: before,
      },
      { transaction },
    );
  });
}
