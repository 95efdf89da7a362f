import { Router } from 'express';

export const verificationRoutes = Router();
