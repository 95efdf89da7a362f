import { adminEndpoints } from './admin-routes';
import { playerEndpoints } from './player-routes';

/**
 * /withdrawal: the player's code, request, list and turnover status; the operators' list,
 * review and complete. Rules live in shared/domain/withdrawal/.
 */
export const withdrawalEndpoints = [...playerEndpoints, ...adminEndpoints];
