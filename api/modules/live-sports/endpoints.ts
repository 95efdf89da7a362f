import { listLiveSports } from '../../../shared/domain/live-sports/list';
import { endpoint } from '../../http/endpoint';

/** GET /live-sports (public): up to 20 matches from the cache the job refreshes. */
export const liveSportsEndpoints = [
  endpoint({ method: 'get', path: '/live-sports', auth: 'none', summary: 'Up to 20 live and upcoming matches with 1X2 odds' }, () => listLiveSports()),
];
