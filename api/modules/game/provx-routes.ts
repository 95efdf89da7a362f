import { Router } from 'express';

export const provxRoutes = Router();
