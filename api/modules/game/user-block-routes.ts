import { Router } from 'express';

export const userBlockRoutes = Router();
