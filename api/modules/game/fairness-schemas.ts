import { object } from 'yup';
import { exactString, positiveIdParam } from '../../http/schema-helpers';

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
