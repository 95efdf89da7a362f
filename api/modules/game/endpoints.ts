import { adminEndpoints } from './admin-routes';
import { fairnessEndpoints } from './fairness-routes';
import { playerEndpoints } from './player-routes';
import { provxEndpoints } from './provx-routes';
import { provyEndpoints } from './provy-routes';
import { userBlockEndpoints } from './user-block-routes';

/**
 * /game: player endpoints, the provably fair seeds (/game/fairness), administrator endpoints (/game/admin, with the player game
 * blocks at /game/admin/user-blocks) and the provider callbacks (/game/provx, /game/provy; their
 * fallback for unknown paths is in routes.ts).
 */
export const gameEndpoints = [...playerEndpoints, ...fairnessEndpoints, ...userBlockEndpoints, ...adminEndpoints, ...provxEndpoints, ...provyEndpoints];
