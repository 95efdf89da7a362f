import { Router } from 'express';

/** Every /admin route is an endpoint now (./endpoints.ts); this empty Router is still mounted by api/app.ts. */
export const adminRoutes = Router();
