import { Router, type Request } from 'express';
import { adjustBalance, getUserForAdmin, listUserLedger, listUsers } from '../../../shared/domain/admin/players';
import { HttpError } from '../../../shared/errors';
import { requireAdmin } from '../../http/auth';
import { route } from '../../http/envelope';
import { valid, validate } from '../../http/validate';
import { actorOf } from './account-routes';
import { balanceAdjustmentBody, IDEMPOTENCY_KEY, ledgerQuery, userIdParams, userListQuery } from './user-schemas';

/**
 * Operators' player tools (not in the spec), mounted at /admin/users before the account routes (so
 * /admin/users is not taken for /admin/:id), permission module `user`. The site filter is the
 * x-site-code header or siteCode query; without it every site is searched.
 */
export const userRoutes = Router();

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

/** GET /admin/users?account=&page=&pageSize=: {items, pagination}, newest first. */
userRoutes.get(
  '/',
  requireAdmin('user'),
  validate('query', userListQuery),
  route((req) => listUsers({ siteCode: req.ctx.adminSiteCode, ...valid(req, 'query', userListQuery) })),
);

/** GET /admin/users/:userId: the player with balance and VIP, no secrets; 2001 missing. */
userRoutes.get(
  '/:userId',
  requireAdmin('user'),
  validate('params', userIdParams),
  route((req) => getUserForAdmin(valid(req, 'params', userIdParams).userId, req.ctx.adminSiteCode)),
);

/** GET /admin/users/:userId/ledger?page=&pageSize=: wallet ledger rows, newest first; 2001 missing. */
userRoutes.get(
  '/:userId/ledger',
  requireAdmin('user'),
  validate('params', userIdParams),
  validate('query', ledgerQuery),
  route((req) => listUserLedger(valid(req, 'params', userIdParams).userId, req.ctx.adminSiteCode, valid(req, 'query', ledgerQuery))),
);

/**
 * POST /admin/users/:userId/balance-adjustments {amount, reason} (+ optional Idempotency-Key header):
 * {balanceBefore, balanceAfter, ledgerId, replayed}; 2001 missing; 2002 balance too low.
 */
userRoutes.post(
  '/:userId/balance-adjustments',
  requireAdmin('user'),
  validate('params', userIdParams),
  validate('body', balanceAdjustmentBody),
  route((req) => {
    const { amount, reason } = valid(req, 'body', balanceAdjustmentBody);
    return adjustBalance(actorOf(req), valid(req, 'params', userIdParams).userId, req.ctx.adminSiteCode, {
      amount: amount as string,
      reason,
      idempotencyKey: idempotencyKeyOf(req),
    });
  }),
);
