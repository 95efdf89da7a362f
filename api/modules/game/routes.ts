import { Router } from 'express';
import { adminRoutes } from './admin-routes';
import { playerRoutes } from './player-routes';
import { provxRoutes } from './provx-routes';
import { provyRoutes } from './provy-routes';
import { userBlockRoutes } from './user-block-routes';

/**
 * /game (Part A 4.3): player endpoints, administrator endpoints under /game/admin (with the player
 * game blocks at /game/admin/user-blocks), and the provider callbacks under /game/provx and /game/provy.
 */
export const gameRoutes = Router();
gameRoutes.use('/provx', provxRoutes);
gameRoutes.use('/provy', provyRoutes);
gameRoutes.use('/admin/user-blocks', userBlockRoutes);
gameRoutes.use('/admin', adminRoutes);
gameRoutes.use(playerRoutes);
