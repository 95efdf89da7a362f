import { DRAW_TABLE } from '../../../shared/domain/game';
import { array, bool, dateTime, id, int, nullable, num, obj, oneOfValues, paged, str, type JsonSchema } from '../../http/answer-schemas';

/**
 * The answers of the provably fair endpoints (their `result`), as the API document shows them and the
 * tests check them (docs/architecture.md, "Where to add", an endpoint's answer; docs/provably-fair.md).
 */

const hex64 = (description: string): JsonSchema => ({ type: 'string', pattern: '^[0-9a-f]{64}$', description });

/** A server seed's SHA-256: the commitment shown before the seed is revealed. */
export const serverSeedHash = hex64('SHA-256 of the server seed, 64 hex digits');
export const clientSeed = str('The client seed (1 to 64 printable ASCII characters)');
export const nonce = { type: 'integer', minimum: 0, description: "The round's number under this pair of seeds" };

/** The seeds a round was drawn with, as simulate answers them. */
export const roundSeeds = { serverSeedHash, clientSeed, nonce };

const fairnessStateFields = { serverSeedHash, clientSeed, nonce: { ...nonce, description: "The next round's nonce" } };

export const getGameFairness = obj(fairnessStateFields);

export const putGameFairnessClientSeed = obj(fairnessStateFields);

export const postGameFairnessRotate = obj({
  previousServerSeed: hex64('The revealed server seed of the rounds played so far'),
  previousServerSeedHash: hex64('Its SHA-256, as it was shown before'),
  ...fairnessStateFields,
});

export const getGameFairnessRound = obj({
  orderId: id(),
  roundId: str(),
  result: nullable(oneOfValues([...new Set(DRAW_TABLE.map((row) => row.result))])),
  multiplier: num(),
  serverSeedHash,
  serverSeed: nullable(hex64('The server seed, once rotated (null before)')),
  clientSeed,
  nonce,
});

const drawResults = oneOfValues([...new Set(DRAW_TABLE.map((row) => row.result))]);

/** Every nonce of the player's seeds, each with its round or why it was burnt (docs/provably-fair.md, "History"). */
export const getGameFairnessHistory = paged(
  obj({
    serverSeedHash,
    serverSeed: nullable(hex64('The server seed, once rotated (null while current)')),
    nonce,
    status: oneOfValues(['round', 'burnt', 'unrecorded'], 'round: a round used it; burnt: a refused round took it; unrecorded: neither was recorded'),
    clientSeed: nullable(clientSeed),
    orderId: nullable(id()),
    roundId: nullable(str()),
    result: nullable(drawResults),
    multiplier: nullable(num()),
    reason: nullable(str("Why the nonce was burnt: the refusal's name, or error")),
  }),
  'items',
  {
    seeds: array(
      obj({
        serverSeedHash,
        serverSeed: nullable(hex64('The server seed, once rotated (null while current)')),
        current: bool(),
        nonces: int('How many nonces the seed gave out (0 to nonces - 1)'),
        revealedAt: nullable(dateTime()),
      }),
    ),
  },
);
