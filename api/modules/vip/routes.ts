import { Router } from 'express';

export const vipRoutes = Router();
