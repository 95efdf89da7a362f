import { playerEndpoints } from './player-routes';

/** /game (Part A 4.3): player endpoints. */
export const gameEndpoints = [...playerEndpoints];
