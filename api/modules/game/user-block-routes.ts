import { mixed, object } from 'yup';
import { createGameBlock, deleteGameBlock, GAME_TYPE_CODES, listGameBlocks } from '../../../shared/domain/game';
import { endpoint } from '../../http/endpoint';
import { documentAs, idParams, jsonId, jsonNumber, pagingFields, queryInt, text } from '../../http/schema-helpers';
import * as answers from './answers';

/**
 * Game blocks of players (the risk check of POST /game/launch), permission module `game` (GET read,
 * others write). Site: `call.site` (x-site-code header or siteCode query, else SITE_CODE). Writes land
 * in the operation log.
 *
 *   GET    /game/admin/user-blocks?userId=&page=&pageSize=   {items, pagination}, newest first
 *   POST   /game/admin/user-blocks                            body {userId, gameType?, gameCode?, productId?, reason?}
 *          - nothing but userId: all games; gameType: one game type; gameCode (+ productId): one game
 *          - 2001 the user is not a player of the site; 2003 gameCode names no game of the site;
 *            400 gameType with gameCode, productId without gameCode, unknown gameType
 *          - the same block twice answers the existing one
 *   DELETE /game/admin/user-blocks/:id                        null; 2002 no such block in the site
 */
const auth = { admin: 'game' };

/** A JSON integer, exactly: `"5"` is refused. */
const jsonInt = () => jsonNumber().integer('${path} must be an integer');

const listQuery = object({
  userId: queryInt().positive(),
  ...pagingFields(20),
});

const createBody = documentAs(
  object({
    userId: jsonId().required(),
    gameType: jsonInt()
      .nullable()
      .oneOf([...GAME_TYPE_CODES, null], `gameType must be one of ${GAME_TYPE_CODES.join(', ')}`),
    gameCode: text().nullable().min(1).max(64),
    /** The provider game id, as in launch (a number); a digit string is accepted too, it is stored as text. */
    productId: documentAs(mixed<string | number>(), { type: ['integer', 'string'], minimum: 0, maximum: Number.MAX_SAFE_INTEGER, pattern: '^\\d{1,32}$' })
      .nullable()
      .test(
        'product',
        'productId must be a non-negative integer',
        (v) => v == null || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (typeof v === 'string' && /^\d{1,32}$/.test(v)),
      )
      .transform((value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value)),
    reason: text().nullable().max(255),
  }),
  // productId names a product of gameCode; gameType and gameCode are two different blocks.
  { dependentRequired: { productId: ['gameCode'] }, not: { required: ['gameType', 'gameCode'] } },
);

export const userBlockEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/game/admin/user-blocks',
      result: answers.getGameAdminUserBlocks,
      auth,
      query: listQuery,
      summary: "The site's game blocks, newest first",
    },
    ({ site, query }) => listGameBlocks({ siteCode: site, userId: query.userId, page: query.page, pageSize: query.pageSize }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/game/admin/user-blocks',
      result: answers.postGameAdminUserBlocks,
      auth,
      body: createBody,
      refusals: { 'game.playerNotFound': { code: 2001, wording: 'noSuchPlayer' }, 'game.notFound': { code: 2003, wording: 'noSuchGame' } },
      summary: 'Block a player from all games, a game type or one game',
    },
    ({ actor, site, body }) =>
      createGameBlock(actor, site, {
        userId: body.userId,
        gameType: body.gameType ?? null,
        gameCode: body.gameCode || null,
        productId: body.productId == null ? null : String(body.productId),
        reason: body.reason || null,
      }),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/game/admin/user-blocks/:id',
      result: answers.deleteGameAdminProvidersById,
      auth,
      params: idParams,
      refusals: { 'game.blockNotFound': 2002 },
      summary: 'Remove a game block of the site',
    },
    async ({ actor, site, params }) => {
      await deleteGameBlock(actor, site, params.id);
      return null;
    },
  ),
];
