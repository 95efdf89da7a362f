import { Router } from 'express';

export const thirdPartyRoutes = Router();
