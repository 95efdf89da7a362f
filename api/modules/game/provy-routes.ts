import { readAmount, readId, readOptionalAmount, readOptionalId, readPlayerId, type ProviderBody } from '../../../shared/domain/providers/seamless-wallet';
import { provyAuth, provyBet, provyCancelBet, provyError, provyGetBalance, provyGetPlayerInfo, provyWin } from '../../../shared/domain/providers/provy';
import { providerCallbacks } from './provider-callback';

/** Provider `provy` callbacks (POST /game/provy/...), answered in provy's shape. */
const { callback, notFound } = providerCallbacks('provy', provyError);

/** Any other request under /game/provy: refused in provy's shape (routes.ts). */
export const provyNotFound = notFound;

const playerId = (body: ProviderBody) => readPlayerId(body, 'playerId');

export const provyEndpoints = [
  callback('auth', 'provy: the player of a launch', playerId, provyAuth, { currency: false }),
  callback('getBalance', "provy: the player's balance", playerId, provyGetBalance),
  callback('getPlayerInfo', 'provy: the player', playerId, provyGetPlayerInfo, { currency: false }),
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
  ),
  callback(
    'cancelBet',
    'provy: cancel (refund) a bet',
    (body) => ({ transactionId: readId(body, 'transactionId'), betTransactionId: readId(body, 'betTransactionId'), playerId: playerId(body) }),
    provyCancelBet,
    { currency: false },
  ),
];
