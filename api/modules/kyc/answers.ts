import { DOCUMENT_KINDS, DOCUMENT_STATES, FLAG_STATUSES } from '../../../shared/domain/kyc';
import { anyValue, array, bool, dateTime, day, id, int, nullable, obj, oneOfValues, paged, str } from '../../http/answer-schemas';

/**
 * The answers of the KYC endpoints (their `result`), as the API document shows them and the tests check
 * them (docs/architecture.md, "Where to add", an endpoint's answer; docs/kyc.md).
 */

const KYC_PARTS = ['contact', 'profile', ...DOCUMENT_KINDS] as const;
const KYC_LEVELS = [0, 1, 2, 3] as const;
const kind = oneOfValues(DOCUMENT_KINDS);
const state = oneOfValues(DOCUMENT_STATES, 'pending, approved, rejected (with the reason), or approved and past its expiry (expired)');

/** The image of a document, behind an authenticated endpoint (never cached). */
export const documentImage = { type: 'string', format: 'binary', description: 'The image (JPEG, PNG or WebP)' };

/** A document as its owner sees it. */
export const playerDocument = obj({
  id: id(),
  kind,
  status: state,
  reason: nullable(str("The operator's reason of a rejection")),
  expiresAt: nullable(dateTime('Set on approval: the document counts until then')),
  createdAt: dateTime(),
  reviewedAt: nullable(dateTime()),
  fileUrl: str("The document's image (GET, with the player's token)"),
});

/** A player's KYC profile (the operators' view leaves out `updatedAt` and the country's description). */
const profileFields = { legalName: str(), dateOfBirth: day(), country: str(), address: str() };

export const profile = obj({ ...profileFields, country: str('ISO 3166-1 alpha-2'), updatedAt: dateTime() });

export const getKyc = obj({
  level: oneOfValues(KYC_LEVELS),
  missing: array(oneOfValues(KYC_PARTS), 'What the next level misses (none at level 3)'),
  documents: array(playerDocument, 'Newest first'),
  profile: nullable(profile),
  frozen: nullable(
    obj(
      {
        reason: oneOfValues(['under-age'] as const),
        status: oneOfValues(['open', 'confirmed'] as const, 'open: waiting for an operator; confirmed: for good'),
        since: dateTime(),
      },
      { description: "Deposits, bets and promotion claims are refused (2303): the date of birth given is below the site's minimum age" },
    ),
  ),
});

export const putKycProfile = profile;

export const postKycDocuments = playerDocument;

/** A document as an operator sees it: its player, the player's level and profile, and whether the player is flagged. */
export const adminDocument = obj({
  id: id(),
  userId: id(),
  account: str(),
  level: oneOfValues(KYC_LEVELS, "The player's KYC level now"),
  kind,
  status: state,
  reason: nullable(str()),
  expiresAt: nullable(dateTime()),
  createdAt: dateTime(),
  reviewedBy: nullable(int('The reviewing administrator')),
  reviewedAt: nullable(dateTime()),
  profile: nullable(obj(profileFields, { description: "The player's KYC profile (null before one is sent)" })),
  flagged: bool('The player has a KYC flag (e.g. under age)'),
  fileUrl: str("The document's image (GET, with the administrator's token)"),
});

export const getKycAdminQueue = paged(adminDocument, 'items');

export const postKycAdminReview = adminDocument;

/** A KYC flag as operators see it (GET /kyc/admin/flags, the decision's answer). */
export const adminFlag = obj({
  id: id(),
  userId: id(),
  account: str(),
  reason: str("under-age: a date of birth below the site's minimum age"),
  detail: anyValue('What was flagged (for under-age: the date of birth and the minimum age)'),
  status: oneOfValues(FLAG_STATUSES, 'open: the player is frozen until decided; confirmed: frozen for good; dismissed: a data error, unfrozen'),
  createdAt: dateTime(),
  decidedBy: nullable(int('The deciding administrator')),
  decidedAt: nullable(dateTime()),
  decisionReason: nullable(str()),
});

export const getKycAdminFlags = paged(adminFlag, 'items');

export const postKycAdminFlagDecision = adminFlag;
