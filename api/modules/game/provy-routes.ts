import { Router } from 'express';
import { checkCurrency, readAmount, readId, readOptionalAmount, readOptionalId, readPlayerId } from '../../../shared/domain/providers/seamless-wallet';
import { provyAuth, provyBet, provyCancelBet, provyError, provyGetBalance, provyGetPlayerInfo, provyWin } from '../../../shared/domain/providers/provy';
import { providerHandler, providerNotFound, providerSignature } from './provider-signature';

/**
 * Provider `provy` callbacks (POST /game/provy/...; Part A 4.3, docs/providers.md). Every request is
 * signed; answers are in provy's shape.
 */
export const provyRoutes = Router();
const handle = (fn: Parameters<typeof providerHandler>[2]) => providerHandler('provy', provyError, fn);

provyRoutes.use(providerSignature('provy', provyError));

provyRoutes.post('/auth', handle(async (body) => provyAuth(readPlayerId(body, 'playerId'))));

provyRoutes.post(
  '/getBalance',
  handle(async (body) => {
    checkCurrency(body);
    return provyGetBalance(readPlayerId(body, 'playerId'));
  }),
);

provyRoutes.post('/getPlayerInfo', handle(async (body) => provyGetPlayerInfo(readPlayerId(body, 'playerId'))));

provyRoutes.post(
  '/bet',
  handle(async (body) => {
    checkCurrency(body);
    return provyBet({
      transactionId: readId(body, 'transactionId'),
      roundId: readId(body, 'roundId'),
      playerId: readPlayerId(body, 'playerId'),
      gameCode: readId(body, 'gameCode', 64),
      productId: readOptionalId(body, 'productId', 32),
      betAmount: readAmount(body, 'betAmount'),
      winAmount: readOptionalAmount(body, 'winAmount'),
    });
  }),
);

provyRoutes.post(
  '/win',
  handle(async (body) => {
    checkCurrency(body);
    return provyWin({
      transactionId: readId(body, 'transactionId'),
      betTransactionId: readId(body, 'betTransactionId'),
      roundId: readId(body, 'roundId'),
      playerId: readPlayerId(body, 'playerId'),
      amount: readAmount(body, 'amount'),
    });
  }),
);

provyRoutes.post(
  '/cancelBet',
  handle(async (body) =>
    provyCancelBet({
      transactionId: readId(body, 'transactionId'),
      betTransactionId: readId(body, 'betTransactionId'),
      playerId: readPlayerId(body, 'playerId'),
    }),
  ),
);

provyRoutes.use(providerNotFound(provyError));
