import { asBody, checkCurrency, readAmount, readId, readOptionalAmount, readOptionalId, readPlayerId } from '../../../shared/domain/providers/seamless-wallet';
import { provyAuth, provyBet, provyCancelBet, provyError, provyGetBalance, provyGetPlayerInfo, provyWin } from '../../../shared/domain/providers/provy';
import { endpoint } from '../../http/endpoint';
import { providerAnswer, providerNotFound } from './provider-answer';
import { providerSignature } from './provider-signature';

/**
 * Provider `provy` callbacks (POST /game/provy/...; Part A 4.3, docs/providers.md). Every request is
 * signed; answers are in provy's shape. The bodies are read by the shared readers of
 * shared/domain/providers/seamless-wallet.ts.
 */
const auth = { signature: providerSignature('provy') };
const answer = providerAnswer('provy', provyError);

/** Any other request under /game/provy: refused in provy's shape (routes.ts). */
export const provyNotFound = providerNotFound(auth.signature, answer, provyError);

export const provyEndpoints = [
  endpoint({ method: 'post', path: '/game/provy/auth', auth, answer, summary: 'provy: the player of a launch' }, ({ req }) => provyAuth(readPlayerId(asBody(req.body), 'playerId'))),
  endpoint({ method: 'post', path: '/game/provy/getBalance', auth, answer, summary: "provy: the player's balance" }, ({ req }) => {
    const body = asBody(req.body);
    checkCurrency(body);
    return provyGetBalance(readPlayerId(body, 'playerId'));
  }),
  endpoint({ method: 'post', path: '/game/provy/getPlayerInfo', auth, answer, summary: 'provy: the player' }, ({ req }) =>
    provyGetPlayerInfo(readPlayerId(asBody(req.body), 'playerId')),
  ),
  endpoint({ method: 'post', path: '/game/provy/bet', auth, answer, summary: 'provy: debit a bet (optionally with its win)' }, ({ req }) => {
    const body = asBody(req.body);
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
  endpoint({ method: 'post', path: '/game/provy/win', auth, answer, summary: 'provy: credit the win of a bet' }, ({ req }) => {
    const body = asBody(req.body);
    checkCurrency(body);
    return provyWin({
      transactionId: readId(body, 'transactionId'),
      betTransactionId: readId(body, 'betTransactionId'),
      roundId: readId(body, 'roundId'),
      playerId: readPlayerId(body, 'playerId'),
      amount: readAmount(body, 'amount'),
    });
  }),
  endpoint({ method: 'post', path: '/game/provy/cancelBet', auth, answer, summary: 'provy: cancel (refund) a bet' }, ({ req }) => {
    const body = asBody(req.body);
    return provyCancelBet({
      transactionId: readId(body, 'transactionId'),
      betTransactionId: readId(body, 'betTransactionId'),
      playerId: readPlayerId(body, 'playerId'),
    });
  }),
];
