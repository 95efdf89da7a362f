import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { setVipHold } from '../../../shared/domain/vip/hold';
import { createVipLevel, deleteVipLevel, updateVipLevel } from '../../../shared/domain/vip/levels';
import { createVipRebate, deleteVipRebate, updateVipRebate } from '../../../shared/domain/vip/rebate-rules';
import { endpoint, type AdminActor, type Endpoint } from '../../http/endpoint';
import { createLevelBody, createRebateBody, holdBody, idParams, updateLevelBody, updateRebateBody, userIdParams } from './schemas';

/**
 * Administrator VIP endpoints (Part A 4.4), permission module `vip`: levels and rebate rules of a site,
 * and the hold flag of a user. The site is the `x-site-code` header or `siteCode` query, else SITE_CODE;
 * a record of another site is not found. The public GET /vip/levels and GET /vip/rebates are player
 * endpoints (player-routes.ts).
 */
const auth = { admin: 'vip' } as const;

type Schema = ObjectSchema<AnyObject>;
type Write<Args extends unknown[]> = (actor: AdminActor, site: string, ...args: Args) => Promise<unknown>;

/**
 * POST `path`, PATCH `path`/:id (partial) and DELETE `path`/:id of one kind of site record, each with its
 * body schema, write and summary; `notFound` and `taken` are the record's error codes.
 */
function recordEndpoints<C extends Schema, U extends Schema>(
  path: string,
  { notFound, taken }: { notFound: number; taken: number },
  r: { create: [C, Write<[InferType<C>]>, string]; update: [U, Write<[number, InferType<U>]>, string]; remove: [Write<[number]>, string] },
): Endpoint[] {
  const [createBody, create, created] = r.create;
  const [updateBody, update, updated] = r.update;
  const [remove, removed] = r.remove;
  return [
    endpoint({ method: 'post', path, auth, body: createBody, codes: [taken], summary: created }, ({ actor, site, body }) => create(actor, site, body as InferType<C>)),
    endpoint(
      { method: 'patch', path: `${path}/:id`, auth, params: idParams, body: updateBody, codes: [notFound, taken], summary: updated },
      ({ actor, site, params, body }) => update(actor, site, params.id, body as InferType<U>),
    ),
    endpoint({ method: 'delete', path: `${path}/:id`, auth, params: idParams, codes: [notFound], summary: removed }, ({ actor, site, params }) => remove(actor, site, params.id)),
  ];
}

export const adminEndpoints = [
  ...recordEndpoints('/vip/levels', { notFound: 2001, taken: 2003 }, {
    create: [createLevelBody, createVipLevel, 'Create a VIP level of the site'],
    update: [updateLevelBody, updateVipLevel, 'Update a VIP level (partial)'],
    remove: [deleteVipLevel, 'Delete a VIP level'],
  }),
  ...recordEndpoints('/vip/rebates', { notFound: 2002, taken: 2004 }, {
    create: [createRebateBody, createVipRebate, 'Create a rebate rule (level, game type)'],
    update: [updateRebateBody, updateVipRebate, 'Update a rebate rule (partial)'],
    remove: [deleteVipRebate, 'Delete a rebate rule'],
  }),
  endpoint(
    { method: 'patch', path: '/vip/users/:userId/hold', auth, params: userIdParams, body: holdBody, codes: [2001, 2002], summary: "Set a user's VIP hold flag (level 5 and up)" },
    ({ actor, site, params, body }) => setVipHold(actor, site, params.userId, body.hold as 0 | 1),
  ),
];
