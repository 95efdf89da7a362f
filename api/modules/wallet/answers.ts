import { array, dateTime, int, nullable, num, obj, oneOfValues, pagination, str } from '../../http/answer-schemas';

/**
 * The answers of the wallet endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

/** The fields every payment instrument (bank card, credit card, crypto address) has. */
const instrument = {
  status: oneOfValues([0, 1, 2]),
  remark: nullable(str()),
  createdAt: dateTime(),
  updatedAt: dateTime(),
  id: int(),
  userId: int(),
};

/** The fields of each kind of instrument. */
const bankCard = {
  ...instrument,
  idCardFront: str(),
  idCardBack: str(),
  passbookCover: str(),
  bankCode: str(),
  bankAccount: str(),
  branch: str(),
  holderName: str(),
};
const creditCard = { ...instrument, cardNumber: str(), holderName: str(), expiryDate: str() };
const cryptoAddress = { ...instrument, walletName: str(), currency: str(), network: str(), address: str() };

/** What the administrators' views add to an instrument: its owner, site, review, deletion and kind. */
const reviewed = {
  account: nullable(str()),
  siteCode: str(),
  reviewedBy: nullable(num()),
  reviewedAt: nullable(dateTime()),
  deletedAt: nullable(dateTime()),
  kind: oneOfValues(['bank-card', 'credit-card', 'crypto-address']),
};

/** An instrument as the administrators see it, any kind. */
const adminInstrument = {
  anyOf: [obj({ ...reviewed, ...bankCard }), obj({ ...reviewed, ...creditCard }), obj({ ...reviewed, ...cryptoAddress })],
};

export const getWalletAdminInstruments = obj({ items: array(adminInstrument), pagination });

export const postWalletAdminByKindByIdReview = adminInstrument;

export const postWalletBankCardAdd = obj(bankCard);

export const postWalletCreditCardAdd = obj(creditCard);

export const postWalletCryptoAddressAdd = obj(cryptoAddress);
