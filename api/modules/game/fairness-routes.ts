import { config } from '../../../shared/config';
import { fairnessHistory, fairnessState, rotateServerSeed, roundProof, setClientSeed } from '../../../shared/domain/game';
import { endpoint } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import * as answers from './fairness-answers';
import { clientSeedBody, historyQuery, roundProofParams } from './fairness-schemas';

/**
 * The player's provably fair seeds (shared/domain/game/fairness/, docs/provably-fair.md): the
 * commitment, the client seed, rotation (which reveals the old server seed), one round's proof and the
 * history of every nonce.
 * Changing seeds counts against the simulate rate limit's number, under its own key.
 */
const seedChangesPerUser = limitRule('game-fairness', 'player', () => config().limits.simulatePerUser);

export const fairnessEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/game/fairness',
      result: answers.getGameFairness,
      auth: 'player',
      summary: "The SHA-256 of the player's server seed, the client seed and the next round's nonce",
    },
    ({ player }) => fairnessState(player.id),
  ),
  endpoint(
    {
      method: 'put',
      path: '/game/fairness/client-seed',
      result: answers.putGameFairnessClientSeed,
      auth: 'player',
      body: clientSeedBody,
      limits: [seedChangesPerUser],
      summary: 'Set the client seed of the next rounds (the server seed and the nonce stay)',
    },
    ({ player, body }) => setClientSeed(player.id, body.clientSeed),
  ),
  endpoint(
    {
      method: 'post',
      path: '/game/fairness/rotate',
      result: answers.postGameFairnessRotate,
      auth: 'player',
      limits: [seedChangesPerUser],
      summary: 'Reveal the server seed and commit to a new one; the nonce starts again at 0',
    },
    ({ player }) => rotateServerSeed(player.id),
  ),
  endpoint(
    {
      method: 'get',
      path: '/game/fairness/round/:orderId',
      result: answers.getGameFairnessRound,
      auth: 'player',
      params: roundProofParams,
      summary: "One of the player's simulate rounds with its seeds and nonce (the server seed once rotated)",
    },
    ({ player, params }) => roundProof(player.id, params.orderId),
  ),
  endpoint(
    {
      method: 'get',
      path: '/game/fairness/history',
      result: answers.getGameFairnessHistory,
      auth: 'player',
      query: historyQuery,
      summary: "Every nonce of the player's server seeds, newest first: its round, or why it was burnt, or unrecorded",
    },
    ({ player, query }) => fairnessHistory(player.id, { page: query.page, pageSize: query.pageSize }, query.serverSeedHash),
  ),
];
