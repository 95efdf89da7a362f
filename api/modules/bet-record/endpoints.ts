import { betOrderDetails, listBetRecords } from '../../../shared/domain/bet-record';
import { endpoint } from '../../http/endpoint';
import { betRecordQuery, orderIdParams } from './schemas';
import * as answers from './answers';

/** The player's bet records, in matching order. */
export const betRecordEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/bet-record',
      result: answers.getBetRecord,
      auth: 'player',
      query: betRecordQuery,
      summary: "The caller's orders, newest first, with totals over valid orders",
    },
    ({ player, query }) =>
      listBetRecords(player.id, player.siteCode, {
        page: query.page,
        pageSize: query.pageSize,
        status: query.status as 'valid' | 'invalid' | 'cancelled' | undefined,
        gameType: query.gameType,
        startDate: query.startDate,
        endDate: query.endDate,
      }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/bet-record/:orderId/details',
      result: answers.getBetRecordByOrderIdDetails,
      auth: 'player',
      params: orderIdParams,
      refusals: { 'bet-record.orderNotFound': 2001 },
      summary: "An order's round lines by roundNo",
    },
    ({ player, params }) => betOrderDetails(player.id, player.siteCode, params.orderId),
  ),
];
