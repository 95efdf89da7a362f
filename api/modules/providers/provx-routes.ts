import {
  type ProviderBody,
  provxBet,
  provxBetResult,
  provxCancelBet,
  provxError,
  provxGetBalance,
  provxJackpotResult,
  type ProvxRoundCall,
  readAmount,
  readId,
  readOptionalAmount,
  readOptionalId,
  readOptionalPlayerId,
  readPlayerId,
} from '../../../shared/domain/providers';
import { providerCallbacks } from './callback';
import { provxAnswer, provxBodies } from './documents';

/** Provider `provx` callbacks (POST /game/provx/...), answered in provx's shape. */
const { callback, notFound } = providerCallbacks('provx', provxError);

/** Any other request under /game/provx: refused in provx's shape (routes.ts). */
export const provxNotFound = notFound;

/** What every money call names: its transaction, the round and our user. */
const roundCall = (body: ProviderBody): ProvxRoundCall => ({
  transactionId: readId(body, 'transactionId'),
  roundId: readId(body, 'roundId'),
  userId: readPlayerId(body, 'userId'),
});

export const provxEndpoints = [
  callback(
    'GetBalance',
    "provx: the player's balance",
    (body, siteCode) => ({ userId: readOptionalPlayerId(body, 'userId'), account: readOptionalId(body, 'account', 50), siteCode }),
    provxGetBalance,
    { body: provxBodies.GetBalance, result: provxAnswer },
  ),
  callback(
    'Bet',
    'provx: debit a bet',
    (body) => ({ ...roundCall(body), gameCode: readId(body, 'gameCode', 64), amount: readAmount(body, 'amount') }),
    provxBet,
    { body: provxBodies.Bet, result: provxAnswer },
  ),
  callback(
    'BetResult',
    'provx: settle a round (credit the win)',
    (body) => ({
      ...roundCall(body),
      gameCode: readId(body, 'gameCode', 64),
      betAmount: readOptionalAmount(body, 'betAmount'),
      winAmount: readAmount(body, 'winAmount'),
    }),
    provxBetResult,
    { body: provxBodies.BetResult, result: provxAnswer },
  ),
  callback('CancelBet', 'provx: cancel (refund) a bet', roundCall, provxCancelBet, { currency: false, body: provxBodies.CancelBet, result: provxAnswer }),
  callback(
    'JackpotResult',
    'provx: credit a jackpot to a round',
    (body) => ({ ...roundCall(body), amount: readAmount(body, 'amount'), gameCode: readOptionalId(body, 'gameCode', 64) }),
    provxJackpotResult,
    { body: provxBodies.JackpotResult, result: provxAnswer },
  ),
];
