import { setVipHold } from '../../../shared/domain/vip/hold';
import { createVipLevel, deleteVipLevel, updateVipLevel } from '../../../shared/domain/vip/levels';
import { createVipRebate, deleteVipRebate, updateVipRebate } from '../../../shared/domain/vip/rebate-rules';
import { endpoint } from '../../http/endpoint';
import { createLevelBody, createRebateBody, holdBody, idParams, updateLevelBody, updateRebateBody, userIdParams } from './schemas';

/**
 * Administrator VIP endpoints (Part A 4.4), permission module `vip`: levels and rebate rules of a site,
 * and the hold flag of a user. The site is the `x-site-code` header or `siteCode` query, else SITE_CODE;
 * a record of another site is not found. The public GET /vip/levels and GET /vip/rebates are player
 * endpoints (player-routes.ts).
 */
const auth = { admin: 'vip' } as const;

export const adminEndpoints = [
  endpoint(
    { method: 'post', path: '/vip/levels', auth, body: createLevelBody, codes: [2003], summary: 'Create a VIP level of the site' },
    ({ actor, site, body }) => createVipLevel(actor, site, body),
  ),
  endpoint(
    { method: 'patch', path: '/vip/levels/:id', auth, params: idParams, body: updateLevelBody, codes: [2001, 2003], summary: 'Update a VIP level (partial)' },
    ({ actor, site, params, body }) => updateVipLevel(actor, site, params.id, body),
  ),
  endpoint(
    { method: 'delete', path: '/vip/levels/:id', auth, params: idParams, codes: [2001], summary: 'Delete a VIP level' },
    ({ actor, site, params }) => deleteVipLevel(actor, site, params.id),
  ),
  endpoint(
    { method: 'post', path: '/vip/rebates', auth, body: createRebateBody, codes: [2004], summary: 'Create a rebate rule (level, game type)' },
    ({ actor, site, body }) => createVipRebate(actor, site, body),
  ),
  endpoint(
    { method: 'patch', path: '/vip/rebates/:id', auth, params: idParams, body: updateRebateBody, codes: [2002, 2004], summary: 'Update a rebate rule (partial)' },
    ({ actor, site, params, body }) => updateVipRebate(actor, site, params.id, body),
  ),
  endpoint(
    { method: 'delete', path: '/vip/rebates/:id', auth, params: idParams, codes: [2002], summary: 'Delete a rebate rule' },
    ({ actor, site, params }) => deleteVipRebate(actor, site, params.id),
  ),
  endpoint(
    { method: 'patch', path: '/vip/users/:userId/hold', auth, params: userIdParams, body: holdBody, codes: [2001, 2002], summary: "Set a user's VIP hold flag (level 5 and up)" },
    ({ actor, site, params, body }) => setVipHold(actor, site, params.userId, body.hold as 0 | 1),
  ),
];
