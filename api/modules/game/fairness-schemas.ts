import { object } from 'yup';
import { exactString, pagingFields, positiveIdParam, queryText } from '../../http/schema-helpers';

/** Request schemas of the provably fair endpoints (docs/provably-fair.md). */

/** A client seed: 1 to 64 printable ASCII characters, no spaces; taken exactly as sent. */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;

/** PUT /game/fairness/client-seed */
export const clientSeedBody = object({
  clientSeed: exactString()
    .required('clientSeed is required')
    .matches(CLIENT_SEED_PATTERN, 'clientSeed must be 1 to 64 printable ASCII characters without spaces'),
});

/** GET /game/fairness/round/:orderId (a bet order id, BIGINT). */
export const roundProofParams = object({ orderId: positiveIdParam('orderId', { column: 'bigint' }) });

/** GET /game/fairness/history: `page`, `pageSize` (1..50, default 50) and optionally one seed's hash. */
export const historyQuery = object({
  ...pagingFields(50),
  serverSeedHash: queryText().matches(/^[0-9a-f]{64}$/, 'serverSeedHash must be 64 lowercase hex digits'),
});
