import { Router } from 'express';
import { getRanking, type RankingType } from '../../../shared/domain/ranking/ranking';
import { route } from '../../http/envelope';
import { valid, validate } from '../../http/validate';
import { rankingQuery } from './schemas';

/** The public ranking (Part A 4.5), mounted at /ranking; the site comes from site-name (else SITE_CODE). */
export const rankingRoutes = Router();

rankingRoutes.get(
  '/',
  validate('query', rankingQuery),
  route((req) => {
    const query = valid(req, 'query', rankingQuery);
    return getRanking(req.ctx.siteCode, query.type as RankingType, query.limit);
  }),
);
