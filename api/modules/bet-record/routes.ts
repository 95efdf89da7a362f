import { Router } from 'express';

export const betRecordRoutes = Router();
