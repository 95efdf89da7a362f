import type { WithdrawalStatus } from '../../../shared/db/models';
import { completeWithdrawal, listSiteWithdrawals, type ReviewAction, reviewWithdrawal } from '../../../shared/domain/withdrawal';
import { endpoint } from '../../http/endpoint';
import { adminListQuery, idParams, reviewBody } from './schemas';
import * as answers from './answers';

/**
 * Operators' withdrawal endpoints (permission module `withdrawal`, every write
 * operation-logged). The site is the `x-site-code` header or `siteCode` query, else SITE_CODE; another
 * site's withdrawal is not found (2001).
 */
const auth = { admin: 'withdrawal' } as const;
const decided = { 'withdrawal.notFound': 2001, 'withdrawal.statusNotAllowed': 2002 } as const;

export const adminEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/withdrawal/admin/list',
      result: answers.getWithdrawalAdminList,
      auth,
      query: adminListQuery,
      summary: "The site's withdrawals with filters, newest first",
    },
    ({ site, query }) => listSiteWithdrawals(site, { ...query, status: query.status as WithdrawalStatus | undefined }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/withdrawal/admin/:id/review',
      result: answers.postWithdrawalAdminByIdReview,
      auth,
      params: idParams,
      body: reviewBody,
      refusals: decided,
      summary: 'Approve or reject a pending withdrawal (reject returns the hold)',
    },
    ({ actor, site, params, body }) => reviewWithdrawal(actor, site, params.id, body.action as ReviewAction, body.rejectReason ?? null),
  ),
  endpoint(
    {
      method: 'post',
      path: '/withdrawal/admin/:id/complete',
      result: answers.postWithdrawalAdminByIdReview,
      auth,
      params: idParams,
      refusals: { ...decided, 'withdrawal.statusNotAllowed': { code: 2002, wording: 'complete' } },
      summary: 'Mark an approved withdrawal paid out (the hold leaves the account)',
    },
    ({ actor, site, params }) => completeWithdrawal(actor, site, params.id),
  ),
];
