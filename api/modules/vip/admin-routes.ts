import { Router } from 'express';

export const adminRoutes = Router();
