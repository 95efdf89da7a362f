import { Router } from 'express';

export const rankingRoutes = Router();
