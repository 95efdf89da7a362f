import { Router } from 'express';
import { listLiveSports } from '../../../shared/domain/live-sports/live-sports';
import { route } from '../../http/envelope';

/** GET /live-sports (Part A 4.5, public): up to 20 matches (2.17) from the cache the job refreshes. */
export const liveSportsRoutes = Router();

liveSportsRoutes.get(
  '/',
  route(() => listLiveSports()),
);
