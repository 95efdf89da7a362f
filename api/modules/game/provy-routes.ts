import { Router } from 'express';

export const provyRoutes = Router();
