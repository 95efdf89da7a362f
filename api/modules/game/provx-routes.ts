import {
  asBody,
  checkCurrency,
  readAmount,
  readId,
  readOptionalAmount,
  readOptionalId,
  readOptionalPlayerId,
  readPlayerId,
} from '../../../shared/domain/providers/seamless-wallet';
import { provxBet, provxBetResult, provxCancelBet, provxError, provxGetBalance, provxJackpotResult } from '../../../shared/domain/providers/provx';
import { endpoint } from '../../http/endpoint';
import { providerAnswer, providerNotFound } from './provider-answer';
import { providerSignature } from './provider-signature';

/**
 * Provider `provx` callbacks (POST /game/provx/...; Part A 4.3, docs/providers.md). Every request is
 * signed; answers are in provx's shape. The bodies are read by the shared readers of
 * shared/domain/providers/seamless-wallet.ts.
 */
const auth = { signature: providerSignature('provx') };
const answer = providerAnswer('provx', provxError);

/** Any other request under /game/provx: refused in provx's shape (routes.ts). */
export const provxNotFound = providerNotFound(auth.signature, answer, provxError);

export const provxEndpoints = [
  endpoint({ method: 'post', path: '/game/provx/GetBalance', auth, answer, summary: "provx: the player's balance" }, ({ req, site }) => {
    const body = asBody(req.body);
    checkCurrency(body);
    return provxGetBalance({ userId: readOptionalPlayerId(body, 'userId'), account: readOptionalId(body, 'account', 50), siteCode: site });
  }),
  endpoint({ method: 'post', path: '/game/provx/Bet', auth, answer, summary: 'provx: debit a bet' }, ({ req }) => {
    const body = asBody(req.body);
    checkCurrency(body);
    return provxBet({
      transactionId: readId(body, 'transactionId'),
      roundId: readId(body, 'roundId'),
      userId: readPlayerId(body, 'userId'),
      gameCode: readId(body, 'gameCode', 64),
      amount: readAmount(body, 'amount'),
    });
  }),
  endpoint({ method: 'post', path: '/game/provx/BetResult', auth, answer, summary: 'provx: settle a round (credit the win)' }, ({ req }) => {
    const body = asBody(req.body);
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
  endpoint({ method: 'post', path: '/game/provx/CancelBet', auth, answer, summary: 'provx: cancel (refund) a bet' }, ({ req }) => {
    const body = asBody(req.body);
    return provxCancelBet({ transactionId: readId(body, 'transactionId'), roundId: readId(body, 'roundId'), userId: readPlayerId(body, 'userId') });
  }),
  endpoint({ method: 'post', path: '/game/provx/JackpotResult', auth, answer, summary: 'provx: credit a jackpot to a round' }, ({ req }) => {
    const body = asBody(req.body);
    checkCurrency(body);
    return provxJackpotResult({
      transactionId: readId(body, 'transactionId'),
      roundId: readId(body, 'roundId'),
      userId: readPlayerId(body, 'userId'),
      amount: readAmount(body, 'amount'),
      gameCode: readOptionalId(body, 'gameCode', 64),
    });
  }),
];
