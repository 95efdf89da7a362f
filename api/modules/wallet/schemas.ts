import { object, string } from 'yup';
import { BANK_CARD_PHOTOS, DEFAULT_CURRENCY, DEFAULT_NETWORK, EXPIRY, INSTRUMENT_KINDS, isCurrentExpiry, isExpiryFormat } from '../../../shared/domain/wallet';
import { documentAs, pagingFields, positiveIdParam, queryInt, queryText, text } from '../../http/schema-helpers';

/**
 * Bodies, queries and parameters of /wallet. JSON fields keep their JSON type
 * (a number where a string is expected is a 400 naming the field); the bank card's fields come as the
 * text parts of its multipart body.
 */

const holderName = () => text().required('${path} is required').min(2, '${path} must be at least 2 characters').max(100);

/** POST /wallet/bank-card/add (multipart text fields; the three photos are files). */
export const bankCardBody = object({
  bankCode: text()
    .required('${path} is required')
    .matches(/^[A-Za-z0-9]{1,20}$/, '${path} must be 1 to 20 letters or digits'),
  bankAccount: text()
    .required('${path} is required')
    .matches(/^\d{8,30}$/, '${path} must be digits only, at least 8 (at most 30)'),
  branch: text().required('${path} is required').max(100),
  holderName: holderName(),
});

/** POST /wallet/credit-card/add: the CVV is checked here and dropped by the domain (never stored). */
export const creditCardBody = object({
  cardNumber: text()
    .required('${path} is required')
    .matches(/^\d{13,19}$/, '${path} must be 13 to 19 digits'),
  holderName: holderName(),
  cvv: text()
    .required('${path} is required')
    .matches(/^\d{3,4}$/, '${path} must be 3 or 4 digits'),
  expiryDate: documentAs(text(), { pattern: EXPIRY.source, description: 'MM/YY (20YY), the card valid through that month: not in the past' })
    .required('${path} is required')
    .test('format', '${path} must be MM/YY', (v) => v === undefined || isExpiryFormat(v))
    .test('current', '${path} is in the past (the card has expired)', (v) => v === undefined || !isExpiryFormat(v) || isCurrentExpiry(v)),
});

/** POST /wallet/crypto-address/add: currency USDT and network TRC-20 unless given. */
export const cryptoAddressBody = object({
  walletName: text().required('${path} is required').min(1).max(50),
  currency: text()
    .transform((v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v))
    .matches(/^[A-Z0-9]{2,10}$/, '${path} must be 2 to 10 letters or digits')
    .default(DEFAULT_CURRENCY),
  network: text()
    .matches(/^[A-Za-z0-9-]{2,20}$/, '${path} must be 2 to 20 letters, digits or -')
    .default(DEFAULT_NETWORK),
  address: text()
    .required('${path} is required')
    .matches(/^[A-Za-z0-9]{10,128}$/, '${path} must be 10 to 128 letters or digits'),
});

export { idParams } from '../../http/schema-helpers';

/** /wallet/bank-card/:id/photo/:photo (and the administrators' twin). */
export const photoParams = object({
  id: positiveIdParam('id'),
  photo: string()
    .required()
    .oneOf([...BANK_CARD_PHOTOS], `photo must be one of ${BANK_CARD_PHOTOS.join(', ')}`),
});
export const photoQuery = object({ size: queryText().oneOf(['original', 'thumbnail'], '${path} must be original or thumbnail') });

const kind = () => string().oneOf([...INSTRUMENT_KINDS], `\${path} must be one of ${INSTRUMENT_KINDS.join(', ')}`);

/** POST /wallet/admin/:kind/:id/review */
export const reviewParams = object({ kind: kind().required(), id: positiveIdParam('id') });
export const reviewBody = object({
  action: string().strict().required('action is required').oneOf(['approve', 'reject'], 'action must be approve or reject'),
  remark: text().max(255).nullable(),
});

/** GET /wallet/admin/instruments: one kind (required), by status and player; deleted rows when asked. */
export const instrumentListQuery = object({
  ...pagingFields(),
  kind: queryText()
    .required('kind is required')
    .oneOf([...INSTRUMENT_KINDS], `kind must be one of ${INSTRUMENT_KINDS.join(', ')}`),
  status: queryInt().oneOf([0, 1, 2, undefined], 'status must be 0, 1 or 2'),
  userId: queryInt().min(1),
  includeDeleted: queryText().oneOf(['0', '1'], 'includeDeleted must be 0 or 1'),
});
