import { Router } from 'express';

/** Empty: every /vip route is an endpoint of ./endpoints.ts. Kept until api/app.ts stops mounting it. */
export const vipRoutes = Router();
