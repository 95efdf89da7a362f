import { Router } from 'express';

/** Empty: every /bet-record route is an endpoint of ./endpoints.ts. Kept until api/app.ts stops mounting it. */
export const betRecordRoutes = Router();
