import { Router } from 'express';

export const settlementRoutes = Router();
