import { adminEndpoints } from './admin-routes';
import { fairnessEndpoints } from './fairness-routes';
import { playerEndpoints } from './player-routes';
import { userBlockEndpoints } from './user-block-routes';

/**
 * /game: player endpoints, the provably fair seeds (/game/fairness) and administrator endpoints
 * (/game/admin, with the player game blocks at /game/admin/user-blocks). The provider callbacks under
 * /game/provx and /game/provy are the providers area's (api/modules/providers/).
 */
export const gameEndpoints = [...playerEndpoints, ...fairnessEndpoints, ...userBlockEndpoints, ...adminEndpoints];
