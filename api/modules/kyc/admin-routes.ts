import {
  decideFlag,
  documentFile,
  type DocumentKind,
  type DocumentState,
  type FlagDecision,
  type FlagStatus,
  listFlags,
  type ReviewAction,
  reviewDocument,
  reviewQueue,
} from '../../../shared/domain/kyc';
import { endpoint } from '../../http/endpoint';
import { sendPhoto } from '../wallet/photo-answer';
import * as answers from './answers';
import { documentIdParams, flagDecisionBody, flagsQuery, queueQuery, reviewBody } from './schemas';

/**
 * Operators' KYC endpoints (permission module `kyc`): the review queue, a document's image, the review,
 * and the flags (under age) with their decision.
 * The site is the `x-site-code` header or `siteCode` query, else SITE_CODE; another site's document is
 * not found.
 */
const auth = { admin: 'kyc' } as const;

export const adminEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/kyc/admin/queue',
      result: answers.getKycAdminQueue,
      auth,
      query: queueQuery,
      summary: "The site's KYC documents, oldest first, by state (pending unless given), player level, player and kind",
    },
    ({ site, query }) =>
      reviewQueue(site, {
        state: query.state as DocumentState | undefined,
        level: query.level,
        userId: query.userId,
        kind: query.kind as DocumentKind | undefined,
        page: query.page,
        pageSize: query.pageSize,
      }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/kyc/admin/documents/:id/file',
      auth,
      params: documentIdParams,
      answer: 'raw',
      result: answers.documentImage,
      resultMedia: 'image/*',
      // A file answer: a missing one is HTTP 404 with the error envelope, not an envelope in a 200 the document keeps for the image.
      refusals: { 'kyc.documentNotFound': 404 },
      summary: 'The image of a KYC document of the site (never cached)',
    },
    async ({ site, params, res }) => sendPhoto(res, await documentFile({ admin: true }, site, params.id)),
  ),
  endpoint(
    {
      method: 'post',
      path: '/kyc/admin/documents/:id/review',
      result: answers.postKycAdminReview,
      auth,
      params: documentIdParams,
      body: reviewBody,
      refusals: { 'kyc.documentNotFound': 2001, 'kyc.documentReviewed': 2002 },
      summary: 'Approve (with an optional expiry date) or reject (with a reason) a pending KYC document; of two decisions at once, one wins',
    },
    ({ actor, site, params, body }) =>
      reviewDocument(actor, site, params.id, { action: body.action as ReviewAction, reason: body.reason ?? null, expiresAt: body.expiresAt ?? null }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/kyc/admin/flags',
      result: answers.getKycAdminFlags,
      auth,
      query: flagsQuery,
      summary: "The site's KYC flags (under age), oldest first, by status (open unless given: the players frozen until an operator decides) and player",
    },
    ({ site, query }) => listFlags(site, { status: query.status as FlagStatus | undefined, userId: query.userId, page: query.page, pageSize: query.pageSize }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/kyc/admin/flags/:id/decision',
      result: answers.postKycAdminFlagDecision,
      auth,
      params: documentIdParams,
      body: flagDecisionBody,
      refusals: { 'kyc.flagNotFound': 2001, 'kyc.flagDecided': 2002 },
      summary:
        'Decide an open KYC flag with a reason: confirm (under age: money in and play stay frozen for good) or dismiss (a data error: unfrozen, held deposits credited)',
    },
    ({ actor, site, params, body }) => decideFlag(actor, site, params.id, { action: body.action as FlagDecision, reason: body.reason }),
  ),
];
