import { Router } from 'express';
import { adminRoutes } from './admin-routes';
import { playerRoutes } from './player-routes';
import { settlementRoutes } from './settlement-routes';

/**
 * /vip (Part A 4.4): public and player endpoints (levels, rebates, status), administrator CRUD of levels
 * and rebate rules and the hold flag, and the settlement runs (daily rebate, monthly relegation).
 */
export const vipRoutes = Router();
vipRoutes.use('/settlement', settlementRoutes);
vipRoutes.use(adminRoutes);
vipRoutes.use(playerRoutes);
