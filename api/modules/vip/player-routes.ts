import { Router } from 'express';

export const playerRoutes = Router();
