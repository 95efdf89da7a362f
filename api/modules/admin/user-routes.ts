import type { Request } from 'express';
import { adjustBalance, getUserForAdmin, listUserLedger, listUsers } from '../../../shared/domain/admin';
import { endpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { balanceAdjustmentBody, IDEMPOTENCY_KEY, ledgerQuery, userIdParams, userListQuery } from './user-schemas';
import * as answers from './answers';

/**
 * Operators' player tools (not in the spec), permission module `user`. The site filter is the
 * x-site-code header or siteCode query; without it every site is searched.
 */
const user = { admin: 'user' } as const;

/** The optional Idempotency-Key header; a malformed one is a 400 naming it. */
function idempotencyKeyOf(req: Request): string | undefined {
  const value = req.get('idempotency-key');
  if (value === undefined) return undefined;
  const key = value.trim();
  if (!IDEMPOTENCY_KEY.test(key)) {
    const message = 'Idempotency-Key must be 1 to 100 visible ASCII characters';
    throw new HttpError(400, `Invalid header: ${message}`, { errors: [{ field: 'Idempotency-Key', message }] });
  }
  return key;
}

export const userEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/admin/users',
      result: answers.getAdminUsers,
      auth: user,
      query: userListQuery,
      summary: 'Players by account substring, newest first',
    },
    ({ siteFilter, query }) => listUsers({ siteCode: siteFilter, ...query }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/admin/users/:userId',
      result: answers.getAdminUsersByUserId,
      auth: user,
      params: userIdParams,
      refusals: { 'admin.userNotFound': 2001 },
      summary: 'A player with balance and VIP, no secrets',
    },
    ({ siteFilter, params }) => getUserForAdmin(params.userId, siteFilter),
  ),
  endpoint(
    {
      method: 'get',
      path: '/admin/users/:userId/ledger',
      result: answers.getAdminUsersByUserIdLedger,
      auth: user,
      params: userIdParams,
      query: ledgerQuery,
      refusals: { 'admin.userNotFound': 2001 },
      summary: "The player's wallet ledger, newest first",
    },
    ({ siteFilter, params, query }) => listUserLedger(params.userId, siteFilter, query),
  ),
  endpoint(
    {
      method: 'post',
      path: '/admin/users/:userId/balance-adjustments',
      result: answers.postAdminUsersByUserIdBalanceAdjustments,
      auth: user,
      params: userIdParams,
      body: balanceAdjustmentBody,
      refusals: { 'admin.userNotFound': 2001, 'admin.balanceTooLow': 2002 },
      summary: 'Adjust a balance {amount, reason} (optional Idempotency-Key header); 2002 balance too low',
    },
    ({ actor, siteFilter, params, body, req }) =>
      adjustBalance(actor, params.userId, siteFilter, { amount: body.amount as string, reason: body.reason, idempotencyKey: idempotencyKeyOf(req) }),
  ),
];
