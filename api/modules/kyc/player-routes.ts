import { DOCUMENT_FILE_FIELD, documentFile, type DocumentKind, kycStatus, putKycProfile, uploadDocument } from '../../../shared/domain/kyc';
import { config } from '../../../shared/config';
import { endpoint } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import { sendPhoto } from '../wallet/photo-answer';
import * as answers from './answers';
import { documentBody, documentIdParams, profileBody } from './schemas';

/** The player's KYC: the level and documents, the profile, uploads and the player's own document files. */

/**
 * Uploads per player per minute (the wallet's RATE_LIMIT_WALLET_ADD_PER_USER), counted with the token
 * check, before a multipart body is read or an image decoded.
 */
const uploadsPerUser = limitRule('kyc-upload', 'player', () => config().limits.walletAddPerUser);

export const playerEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/kyc',
      result: answers.getKyc,
      auth: 'player',
      summary: "The caller's KYC level, what the next level misses, the documents and the profile",
    },
    ({ player }) => kycStatus(player.id),
  ),
  endpoint(
    {
      method: 'put',
      path: '/kyc/profile',
      result: answers.putKycProfile,
      auth: 'player',
      body: profileBody,
      refusals: { 'kyc.underAge': 2001, 'kyc.profileLocked': 2002, 'risk.identityExcluded': 2003 },
      summary:
        "Set the caller's KYC profile: legal name, date of birth (YYYY-MM-DD), country (ISO alpha-2), address (2003: the name and date of birth are an excluded person's)",
    },
    ({ player, body }) => putKycProfile(player.siteCode, player.id, body),
  ),
  endpoint(
    {
      method: 'post',
      path: '/kyc/documents',
      result: answers.postKycDocuments,
      links: { file: { to: 'get /kyc/documents/:id/file', parameters: { id: '$response.body#/result/id' }, description: 'The image just uploaded' } },
      auth: 'player',
      uploads: { fields: [DOCUMENT_FILE_FIELD], required: [DOCUMENT_FILE_FIELD] },
      body: documentBody,
      limits: [uploadsPerUser],
      refusals: { 'kyc.documentPending': 2001, 'kyc.profileRequired': 2002 },
      summary: 'Upload a KYC document (multipart: kind = id-front | id-back | selfie | address-proof, file = one image)',
    },
    ({ player, body, files }) => uploadDocument(player.siteCode, player.id, body.kind as DocumentKind, files[DOCUMENT_FILE_FIELD]),
  ),
  endpoint(
    {
      method: 'get',
      path: '/kyc/documents/:id/file',
      auth: 'player',
      params: documentIdParams,
      answer: 'raw',
      result: answers.documentImage,
      resultMedia: 'image/*',
      // A file answer: a missing one is HTTP 404 with the error envelope, not an envelope in a 200 the document keeps for the image.
      refusals: { 'kyc.documentNotFound': 404 },
      summary: "The image of one of the caller's own KYC documents (never cached)",
    },
    async ({ player, params, res }) => sendPhoto(res, await documentFile({ player: player.id }, player.siteCode, params.id)),
  ),
];
