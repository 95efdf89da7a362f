import { Router } from 'express';

export const accountRoutes = Router();
