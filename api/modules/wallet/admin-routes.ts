import {
  type BankCardPhoto,
  bankCardPhoto,
  type InstrumentKind,
  listInstruments,
  type PhotoSize,
  type ReviewAction,
  reviewInstrument,
} from '../../../shared/domain/wallet';
import { endpoint } from '../../http/endpoint';
import { sendPhoto } from './photo-answer';
import { instrumentListQuery, photoParams, photoQuery, reviewBody, reviewParams } from './schemas';
import * as answers from './answers';

/**
 * Operators' wallet endpoints (not in the spec; permission module `wallet`): the site's instruments by
 * kind, status and player; their review; the bank card photos. The site is the `x-site-code` header or
 * `siteCode` query, else SITE_CODE; another site's instrument is not found.
 */
const auth = { admin: 'wallet' } as const;

export const adminEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/wallet/admin/instruments',
      result: answers.getWalletAdminInstruments,
      auth,
      query: instrumentListQuery,
      summary: "The site's instruments of one kind, filtered by status and player, paged",
    },
    ({ site, query }) =>
      listInstruments(site, {
        kind: query.kind as InstrumentKind,
        status: query.status,
        userId: query.userId,
        includeDeleted: query.includeDeleted === '1',
        page: query.page,
        pageSize: query.pageSize,
      }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/wallet/admin/bank-card/:id/photo/:photo',
      auth,
      params: photoParams,
      query: photoQuery,
      answer: 'raw',
      result: { type: 'string', format: 'binary', description: 'The image (JPEG, PNG or WebP)' },
      resultMedia: 'image/*',
      // A file answer: a missing one is HTTP 404 with the error envelope, not an envelope in a 200 the document keeps for the image.
      refusals: { 'wallet.bankCardNotFound': 404 },
      summary: 'One photo of a bank card of the site (the image bytes; `size=thumbnail` once processed)',
    },
    async ({ site, params, query, res }) =>
      sendPhoto(res, await bankCardPhoto({ admin: true }, site, params.id, params.photo as BankCardPhoto, query.size as PhotoSize | undefined)),
  ),
  endpoint(
    {
      method: 'post',
      path: '/wallet/admin/:kind/:id/review',
      result: answers.postWalletAdminByKindByIdReview,
      auth,
      params: reviewParams,
      body: reviewBody,
      refusals: { 'wallet.instrumentNotFound': 2001, 'wallet.instrumentReviewed': 2002 },
      summary: 'Approve or reject a pending instrument (the same review again answers it unchanged)',
    },
    ({ actor, site, params, body }) =>
      reviewInstrument(actor, site, params.kind as InstrumentKind, params.id, body.action as ReviewAction, body.remark ?? null),
  ),
];
