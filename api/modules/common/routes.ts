import { Router } from 'express';

/** Empty: every common route is an endpoint of ./endpoints.ts. Kept until api/app.ts stops mounting it. */
export const commonRoutes = Router();
