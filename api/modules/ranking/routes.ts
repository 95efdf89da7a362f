import { Router } from 'express';

/** Empty: every /ranking route is an endpoint of ./endpoints.ts. Kept until api/app.ts stops mounting it. */
export const rankingRoutes = Router();
