import { Router } from 'express';

export const missionRoutes = Router();
