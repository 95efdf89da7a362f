import { declareRefusals } from '../refusals';

/** Why the KYC area says no (shared/domain/refusals.ts); endpoints map each to their number (docs/kyc.md). */
export const kycRefusals = declareRefusals('kyc', {
  underAge: "the date of birth is below the site's minimum age",
  profileLocked: 'the profile cannot change while a document is pending or approved',
  documentPending: 'a document of this kind is already waiting for review',
  documentNotFound: 'no such document of the player (of the site, for operators)',
  documentReviewed: 'the document was already reviewed (another decision came first)',
  level2Required: 'this money move needs KYC level 2 (identity document and selfie approved)',
  level3Required: 'this money move needs KYC level 3 (proof of address approved)',
  frozenUnderAge: "the account is frozen for deposits, bets and promotion claims: the date of birth given is below the site's minimum age, until an operator decides",
  profileRequired: 'a document needs the profile first (documents are reviewed against it)',
  flagNotFound: 'no such KYC flag of the site',
  flagDecided: 'the flag was already decided (another decision came first)',
});

declare module '../refusals' {
  interface RefusalRegistry {
    kyc: typeof kycRefusals;
  }
}
