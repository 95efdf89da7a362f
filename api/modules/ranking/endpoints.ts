import { getRanking, type RankingType } from '../../../shared/domain/ranking';
import { endpoint } from '../../http/endpoint';
import { rankingQuery } from './schemas';
import * as answers from './answers';

/** The public ranking; the site comes from site-name (else SITE_CODE). */
export const rankingEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/ranking',
      result: answers.getRanking,
      auth: 'none',
      query: rankingQuery,
      summary: 'The ranking of a type (realtime, daily, weekly, monthly, total), cached',
    },
    ({ site, query }) => getRanking(site, query.type as RankingType, query.limit),
  ),
];
