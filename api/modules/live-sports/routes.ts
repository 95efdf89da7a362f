import { Router } from 'express';

/** Empty: every /live-sports route is an endpoint of ./endpoints.ts. Kept until api/app.ts stops mounting it. */
export const liveSportsRoutes = Router();
