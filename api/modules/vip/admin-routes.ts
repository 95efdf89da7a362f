import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { createVipLevel, createVipRebate, deleteVipLevel, deleteVipRebate, setVipHold, updateVipLevel, updateVipRebate } from '../../../shared/domain/vip';
import { endpoint, type AdminActor, type Endpoint, type RefusalCodes } from '../../http/endpoint';
import { createLevelBody, createRebateBody, holdBody, idParams, updateLevelBody, updateRebateBody, userIdParams } from './schemas';
import { nothing, type JsonSchema } from '../../http/answer-schemas';
import * as answers from './answers';

/**
 * Administrator VIP endpoints, permission module `vip`: levels and rebate rules of a site,
 * and the hold flag of a user. The site is the `x-site-code` header or `siteCode` query, else SITE_CODE;
 * a record of another site is not found. The public GET /vip/levels and GET /vip/rebates are player
 * endpoints (player-routes.ts).
 */
const auth = { admin: 'vip' } as const;

type Schema = ObjectSchema<AnyObject>;
type Write<Args extends unknown[]> = (actor: AdminActor, site: string, ...args: Args) => Promise<unknown>;

/**
 * POST `path`, PATCH `path`/:id (partial) and DELETE `path`/:id of one kind of site record, each with its
 * body schema, write and summary, and the refusals each answers.
 */
function recordEndpoints<C extends Schema, U extends Schema>(
  path: string,
  r: {
    /** The record as the writes answer it. */
    view: JsonSchema;
    create: [C, Write<[InferType<C>]>, string, RefusalCodes];
    update: [U, Write<[number, InferType<U>]>, string, RefusalCodes];
    remove: [Write<[number]>, string, RefusalCodes];
  },
): Endpoint[] {
  const [createBody, create, created, createRefusals] = r.create;
  const [updateBody, update, updated, updateRefusals] = r.update;
  const [remove, removed, removeRefusals] = r.remove;
  return [
    endpoint({ method: 'post', path, result: r.view, auth, body: createBody, refusals: createRefusals, summary: created }, ({ actor, site, body }) =>
      create(actor, site, body as InferType<C>),
    ),
    endpoint(
      { method: 'patch', path: `${path}/:id`, result: r.view, auth, params: idParams, body: updateBody, refusals: updateRefusals, summary: updated },
      ({ actor, site, params, body }) => update(actor, site, params.id, body as InferType<U>),
    ),
    endpoint(
      { method: 'delete', path: `${path}/:id`, result: nothing, auth, params: idParams, refusals: removeRefusals, summary: removed },
      ({ actor, site, params }) => remove(actor, site, params.id),
    ),
  ];
}

export const adminEndpoints = [
  // A number taken on PATCH is refused as on create.
  ...recordEndpoints('/vip/levels', {
    view: answers.adminVipLevel,
    create: [createLevelBody, createVipLevel, 'Create a VIP level of the site', { 'vip.levelExists': 2003 }],
    update: [updateLevelBody, updateVipLevel, 'Update a VIP level (partial)', { 'vip.levelNotFound': 2001, 'vip.levelExists': 2003 }],
    remove: [deleteVipLevel, 'Delete a VIP level', { 'vip.levelNotFound': 2001 }],
  }),
  ...recordEndpoints('/vip/rebates', {
    view: answers.vipRebate,
    create: [createRebateBody, createVipRebate, 'Create a rebate rule (level, game type)', { 'vip.rebateRuleExists': 2004 }],
    update: [updateRebateBody, updateVipRebate, 'Update a rebate rule (partial)', { 'vip.rebateRuleNotFound': 2002, 'vip.rebateRuleExists': 2004 }],
    remove: [deleteVipRebate, 'Delete a rebate rule', { 'vip.rebateRuleNotFound': 2002 }],
  }),
  endpoint(
    {
      method: 'patch',
      path: '/vip/users/:userId/hold',
      result: answers.patchVipUsersByUserIdHold,
      auth,
      params: userIdParams,
      body: holdBody,
      refusals: { 'vip.playerNotFound': 2001, 'vip.holdLevelTooLow': 2002 },
      summary: "Set a user's VIP hold flag (level 5 and up)",
    },
    ({ actor, site, params, body }) => setVipHold(actor, site, params.userId, body.hold as 0 | 1),
  ),
];
