import { adminEndpoints } from './admin-routes';
import { playerEndpoints } from './player-routes';

/** /responsible-gaming: the player's protection, then the operators' (admin-routes.ts). */
export const responsibleGamingEndpoints = [...playerEndpoints, ...adminEndpoints];
