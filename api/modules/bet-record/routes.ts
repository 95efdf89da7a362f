import { Router } from 'express';
import { betOrderDetails, listBetRecords } from '../../../shared/domain/bet-record/records';
import { requirePlayer } from '../../http/auth';
import { route } from '../../http/envelope';
import { valid, validate } from '../../http/validate';
import { betRecordQuery, orderIdParams } from './schemas';

/** The player's bet records (Part A 4.5), mounted at /bet-record. */
export const betRecordRoutes = Router();

/** GET /bet-record: the caller's orders of the caller's site, newest first, with totals over valid orders. */
betRecordRoutes.get(
  '/',
  requirePlayer,
  validate('query', betRecordQuery),
  route((req) => {
    const player = req.player!;
    const query = valid(req, 'query', betRecordQuery);
    return listBetRecords(player.id, player.siteCode, {
      page: query.page,
      pageSize: query.pageSize,
      status: query.status as 'valid' | 'invalid' | 'cancelled' | undefined,
      gameType: query.gameType,
      startDate: query.startDate,
      endDate: query.endDate,
    });
  }),
);

/** GET /bet-record/:orderId/details: round lines by roundNo; 2001 when missing or another player's. */
betRecordRoutes.get(
  '/:orderId/details',
  requirePlayer,
  validate('params', orderIdParams),
  route((req) => {
    const player = req.player!;
    return betOrderDetails(player.id, player.siteCode, valid(req, 'params', orderIdParams).orderId);
  }),
);
