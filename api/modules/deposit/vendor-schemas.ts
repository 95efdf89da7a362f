import { object } from 'yup';
import { nonZeroMoneyAmount, text } from '../../http/schema-helpers';

/** The order fields POST /deposit and the fiat vendor endpoints share. */
export const SUB_ORDER = /^[A-Za-z0-9_-]{1,64}$/;
export const subOrder = () => text().matches(SUB_ORDER, '${path} must be 1 to 64 letters, digits, _ or -');
export const orderAmount = () => nonZeroMoneyAmount();
const field = (max: number) => text().max(max);

export const payerFields = () => ({
  productDes: field(255),
  msg: field(255),
  payerName: field(100),
  payerMobile: field(30),
  payerEmail: field(254).email('${path} must be an e-mail address'),
});
export const bankFields = () => ({
  expectedCode: text().matches(/^[A-Za-z0-9]{1,20}$/, '${path} must be a bank code (letters or digits)'),
  expectedAccount: text().matches(/^\d{4,40}$/, '${path} must be digits'),
});
export const cardLastValue = () => text().matches(/^\d{4,8}$/, '${path} must be 4 to 8 digits');

/** POST /vendor/fiatvendor/add-atm. */
export const addAtmBody = object({
  subOrder: subOrder().required(),
  orderAmount: orderAmount().required(),
  expectedCode: bankFields().expectedCode.required(),
  expectedAccount: bankFields().expectedAccount.required(),
  ...payerFields(),
});

/** POST /vendor/fiatvendor/add-card. */
export const addCardBody = object({
  subOrder: subOrder().required(),
  orderAmount: orderAmount().required(),
  userCardLastValue: cardLastValue(),
  ...payerFields(),
});
