import { constant, int, money, num, obj, str, type JsonSchema } from '../../http/answer-schemas';

/**
 * The provider callbacks' bodies and answers as the API document shows them (docs/providers.md,
 * "Answers and error codes", "provx", "provy"). Their answers are the provider's own shape, for
 * successes and refusals alike.
 */

/** An id as providers send it: 1 to 120 printable ASCII characters, or a non-negative integer. */
const providerId = (description?: string): JsonSchema => ({
  type: ['string', 'integer'],
  pattern: '^[\\x21-\\x7e]{1,120}$',
  minimum: 0,
  ...(description ? { description } : {}),
});
/** Our user id: a positive integer, or a string of digits. */
const playerId: JsonSchema = { type: ['integer', 'string'], minimum: 1, pattern: '^\\d{1,10}$', description: 'Our user id' };
/** A USD amount: a decimal string taken as sent, or a JSON number of at most 6 decimals; not negative. */
const amount: JsonSchema = {
  type: ['string', 'number'],
  pattern: '^\\d{1,12}(\\.\\d{1,6})?$',
  minimum: 0,
  maximum: 999999999999.99,
  description: 'USD, a decimal string (taken as sent) or a JSON number with at most 6 decimals; not negative',
};
const currency: JsonSchema = { const: 'USD', description: 'When sent, USD' };

const body = (fields: Record<string, JsonSchema>, optional: string[] = []) => obj(fields, { optional: ['currency', ...optional] });
const round = { transactionId: providerId("The provider's transaction id"), roundId: providerId(), userId: playerId, currency };

export const provxBodies = {
  GetBalance: body({ userId: playerId, account: str('Looked up in the site of the `site-name` header when `userId` is absent'), currency }, [
    'userId',
    'account',
  ]),
  Bet: body({ ...round, gameCode: str(), amount }),
  BetResult: body({ ...round, gameCode: str(), betAmount: amount, winAmount: amount }, ['betAmount']),
  CancelBet: body(round),
  JackpotResult: body({ ...round, amount, gameCode: str() }, ['gameCode']),
};

/** provx: `{status: 'OK', errorCode: 0, ...}` or `{status: 'ERROR', errorCode, message}`. */
export const provxAnswer: JsonSchema = {
  oneOf: [
    obj(
      {
        status: constant('OK'),
        errorCode: constant(0),
        message: constant('OK'),
        userId: str('Our user id'),
        currency: constant('USD'),
        balance: money(),
        transactionId: str(),
        refId: str('Our ledger id'),
      },
      { optional: ['transactionId', 'refId'] },
    ),
    obj({ status: constant('ERROR'), errorCode: int('docs/providers.md, "Answers and error codes"'), message: str() }),
  ],
};

const provyRound = { transactionId: providerId("The provider's transaction id"), playerId, currency };
export const provyBodies = {
  auth: body({ playerId, token: str('Not checked: the signed request is the authentication') }, ['token']),
  getBalance: body({ playerId, currency }),
  getPlayerInfo: body({ playerId }),
  bet: body({ ...provyRound, roundId: providerId(), gameCode: str(), productId: str(), betAmount: amount, winAmount: amount }, ['productId', 'winAmount']),
  win: body({ ...provyRound, betTransactionId: providerId(), roundId: providerId(), amount }),
  cancelBet: body({ ...provyRound, betTransactionId: providerId() }),
};

const provyPlayer = obj({ playerId: str('Our user id'), account: str(), name: str(), currency: constant('USD'), balance: money() });
const provyBalance = obj({ playerId: str('Our user id'), currency: constant('USD'), balance: money() });
/** `refId` is absent when the call moved no money (a cancel of a bet we never had). */
const provyMoney = obj(
  { playerId: str('Our user id'), currency: constant('USD'), balance: money(), transactionId: str(), refId: str('Our ledger id') },
  { optional: ['refId'] },
);

/** provy: `{code: 0, message: 'Success', data}` or `{code, message, data: null}`. */
const provy = (data: JsonSchema): JsonSchema => ({
  oneOf: [
    obj({ code: constant(0), message: constant('Success'), data }),
    obj({ code: num('docs/providers.md, "Answers and error codes"'), message: str(), data: { type: 'null' } }),
  ],
});
export const provyAnswers = {
  auth: provy(provyPlayer),
  getPlayerInfo: provy(provyPlayer),
  getBalance: provy(provyBalance),
  bet: provy(provyMoney),
  win: provy(provyMoney),
  cancelBet: provy(provyMoney),
};
