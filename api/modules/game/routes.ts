import { Router } from 'express';
import { adminRoutes } from './admin-routes';
import { provxRoutes } from './provx-routes';
import { provyRoutes } from './provy-routes';
import { userBlockRoutes } from './user-block-routes';

/**
 * /game (Part A 4.3): administrator endpoints under /game/admin (with the player game blocks at
 * /game/admin/user-blocks), and the provider callbacks under /game/provx and /game/provy. The player
 * endpoints are declared in player-routes.ts.
 */
export const gameRoutes = Router();
gameRoutes.use('/provx', provxRoutes);
gameRoutes.use('/provy', provyRoutes);
gameRoutes.use('/admin/user-blocks', userBlockRoutes);
gameRoutes.use('/admin', adminRoutes);
