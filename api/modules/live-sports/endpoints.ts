import { listLiveSports } from '../../../shared/domain/live-sports';
import { endpoint } from '../../http/endpoint';
import * as answers from './answers';

/** GET /live-sports (public): up to 20 matches from the cache the job refreshes. */
export const liveSportsEndpoints = [
  endpoint(
    { method: 'get', path: '/live-sports', result: answers.getLiveSports, auth: 'none', summary: 'Up to 20 live and upcoming matches with 1X2 odds' },
    () => listLiveSports(),
  ),
];
