import { Router } from 'express';

export const liveSportsRoutes = Router();
