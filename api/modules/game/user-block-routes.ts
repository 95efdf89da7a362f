import { Router, type Request } from 'express';
import { mixed, object } from 'yup';
import { config } from '../../../shared/config';
import { createGameBlock, deleteGameBlock, listGameBlocks, type GameBlockActor } from '../../../shared/domain/game/blocks';
import { GAME_TYPE_CODES } from '../../../shared/domain/game/types';
import { requireAdmin } from '../../http/auth';
import { route } from '../../http/envelope';
import { requestMeta } from '../../http/request-meta';
import { idParams, jsonNumber, pagingFields, queryInt, text } from '../../http/schema-helpers';
import { valid, validate } from '../../http/validate';

/**
 * Game blocks of players (the risk check of POST /game/launch), mounted at /game/admin/user-blocks,
 * permission module `game` (GET read, others write). Site: `x-site-code` header or `siteCode` query,
 * else SITE_CODE. Writes land in the operation log.
 *
 *   GET    /game/admin/user-blocks?userId=&page=&pageSize=   {items, pagination}, newest first
 *   POST   /game/admin/user-blocks                            body {userId, gameType?, gameCode?, productId?, reason?}
 *          - nothing but userId: all games; gameType: one game type; gameCode (+ productId): one game
 *          - 2001 the user is not a player of the site; 400 gameType with gameCode, productId without
 *            gameCode, unknown gameType, gameCode naming no game of the site
 *          - the same block twice answers the existing one
 *   DELETE /game/admin/user-blocks/:id                        null; 2002 no such block in the site
 */
export const userBlockRoutes = Router();

/** A JSON integer, exactly: `"5"` is refused. */
const jsonInt = () => jsonNumber().integer('${path} must be an integer');

const listQuery = object({
  userId: queryInt().positive(),
  ...pagingFields(20),
});

const createBody = object({
  userId: jsonInt().required().positive(),
  gameType: jsonInt()
    .nullable()
    .oneOf([...GAME_TYPE_CODES, null], `gameType must be one of ${GAME_TYPE_CODES.join(', ')}`),
  gameCode: text().nullable().min(1).max(64),
  /** The provider game id, as in launch (a number); a digit string is accepted too, it is stored as text. */
  productId: mixed<string | number>()
    .nullable()
    .test('product', 'productId must be a non-negative integer', (v) => v == null || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (typeof v === 'string' && /^\d{1,32}$/.test(v)))
    .transform((value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value)),
  reason: text().nullable().max(255),
});

function actorOf(req: Request): GameBlockActor {
  return { adminId: req.admin!.id, siteCode: req.ctx.adminSiteCode ?? config().siteCode, meta: requestMeta(req) };
}

userBlockRoutes.get(
  '/',
  requireAdmin('game'),
  validate('query', listQuery),
  route((req) => {
    const q = valid(req, 'query', listQuery);
    return listGameBlocks({ siteCode: actorOf(req).siteCode, userId: q.userId, page: q.page, pageSize: q.pageSize });
  }),
);

userBlockRoutes.post(
  '/',
  requireAdmin('game'),
  validate('body', createBody),
  route((req) => {
    const body = valid(req, 'body', createBody);
    return createGameBlock(actorOf(req), {
      userId: body.userId,
      gameType: body.gameType ?? null,
      gameCode: body.gameCode || null,
      productId: body.productId == null ? null : String(body.productId),
      reason: body.reason || null,
    });
  }),
);

userBlockRoutes.delete(
  '/:id',
  requireAdmin('game'),
  validate('params', idParams),
  route(async (req) => {
    await deleteGameBlock(actorOf(req), valid(req, 'params', idParams).id);
    return null;
  }),
);
