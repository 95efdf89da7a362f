import { declareRefusals } from '../refusals';

/** Why the bet-record area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const betRecordRefusals = declareRefusals('bet-record', {
  orderNotFound: 'no such bet order of the caller',
});

declare module '../refusals' {
  interface RefusalRegistry {
    'bet-record': typeof betRecordRefusals;
  }
}
