import { Router } from 'express';
import {
  checkCurrency,
  readAmount,
  readId,
  readOptionalAmount,
  readOptionalId,
  readOptionalPlayerId,
  readPlayerId,
} from '../../../shared/domain/providers/seamless-wallet';
import { provxBet, provxBetResult, provxCancelBet, provxError, provxGetBalance, provxJackpotResult } from '../../../shared/domain/providers/provx';
import { providerHandler, providerNotFound, providerSignature } from './provider-signature';

/**
 * Provider `provx` callbacks (POST /game/provx/...; Part A 4.3, docs/providers.md). Every request is
 * signed; answers are in provx's shape.
 */
export const provxRoutes = Router();
const handle = (fn: Parameters<typeof providerHandler>[2]) => providerHandler('provx', provxError, fn);

provxRoutes.use(providerSignature('provx', provxError));

provxRoutes.post(
  '/GetBalance',
  handle(async (body, req) => {
    checkCurrency(body);
    return provxGetBalance({ userId: readOptionalPlayerId(body, 'userId'), account: readOptionalId(body, 'account', 50), siteCode: req.ctx.siteCode });
  }),
);

provxRoutes.post(
  '/Bet',
  handle(async (body) => {
    checkCurrency(body);
    return provxBet({
      transactionId: readId(body, 'transactionId'),
      roundId: readId(body, 'roundId'),
      userId: readPlayerId(body, 'userId'),
      gameCode: readId(body, 'gameCode', 64),
      amount: readAmount(body, 'amount'),
    });
  }),
);

provxRoutes.post(
  '/BetResult',
  handle(async (body) => {
    checkCurrency(body);
    return provxBetResult({
      transactionId: readId(body, 'transactionId'),
      roundId: readId(body, 'roundId'),
      userId: readPlayerId(body, 'userId'),
      gameCode: readId(body, 'gameCode', 64),
      betAmount: readOptionalAmount(body, 'betAmount'),
      winAmount: readAmount(body, 'winAmount'),
    });
  }),
);

provxRoutes.post(
  '/CancelBet',
  handle(async (body) =>
    provxCancelBet({ transactionId: readId(body, 'transactionId'), roundId: readId(body, 'roundId'), userId: readPlayerId(body, 'userId') }),
  ),
);

provxRoutes.post(
  '/JackpotResult',
  handle(async (body) => {
    checkCurrency(body);
    return provxJackpotResult({
      transactionId: readId(body, 'transactionId'),
      roundId: readId(body, 'roundId'),
      userId: readPlayerId(body, 'userId'),
      amount: readAmount(body, 'amount'),
      gameCode: readOptionalId(body, 'gameCode', 64),
    });
  }),
);

provxRoutes.use(providerNotFound(provxError));
