import {
  type ProviderBody,
  provyAuth,
  provyBet,
  provyCancelBet,
  provyError,
  provyGetBalance,
  provyGetPlayerInfo,
  provyWin,
  readAmount,
  readId,
  readOptionalAmount,
  readOptionalId,
  readPlayerId,
} from '../../../shared/domain/providers';
import { providerCallbacks } from './callback';
import { provyAnswers, provyBodies } from './documents';

/** Provider `provy` callbacks (POST /game/provy/...), answered in provy's shape. */
const { callback, notFound } = providerCallbacks('provy', provyError);

/** Any other request under /game/provy: refused in provy's shape (routes.ts). */
export const provyNotFound = notFound;

const playerId = (body: ProviderBody) => readPlayerId(body, 'playerId');

export const provyEndpoints = [
  callback('auth', 'provy: the player of a launch', playerId, provyAuth, { currency: false, body: provyBodies.auth, result: provyAnswers.auth }),
  callback('getBalance', "provy: the player's balance", playerId, provyGetBalance, { body: provyBodies.getBalance, result: provyAnswers.getBalance }),
  callback('getPlayerInfo', 'provy: the player', playerId, provyGetPlayerInfo, {
    currency: false,
    body: provyBodies.getPlayerInfo,
    result: provyAnswers.getPlayerInfo,
  }),
  callback(
    'bet',
    'provy: debit a bet (optionally with its win)',
    (body) => ({
      transactionId: readId(body, 'transactionId'),
      roundId: readId(body, 'roundId'),
      playerId: playerId(body),
      gameCode: readId(body, 'gameCode', 64),
      productId: readOptionalId(body, 'productId', 32),
      betAmount: readAmount(body, 'betAmount'),
      winAmount: readOptionalAmount(body, 'winAmount'),
    }),
    provyBet,
    { body: provyBodies.bet, result: provyAnswers.bet },
  ),
  callback(
    'win',
    'provy: credit the win of a bet',
    (body) => ({
      transactionId: readId(body, 'transactionId'),
      betTransactionId: readId(body, 'betTransactionId'),
      roundId: readId(body, 'roundId'),
      playerId: playerId(body),
      amount: readAmount(body, 'amount'),
    }),
    provyWin,
    { body: provyBodies.win, result: provyAnswers.win },
  ),
  callback(
    'cancelBet',
    'provy: cancel (refund) a bet',
    (body) => ({ transactionId: readId(body, 'transactionId'), betTransactionId: readId(body, 'betTransactionId'), playerId: playerId(body) }),
    provyCancelBet,
    { currency: false, body: provyBodies.cancelBet, result: provyAnswers.cancelBet },
  ),
];
