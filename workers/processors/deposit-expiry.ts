import { expireDeposits } from '../../shared/domain/deposit/expiry';
import type { Processor } from './types';

/** The expiry sweep of unpaid deposit orders (scheduled every 5 minutes; shared/domain/deposit/expiry.ts). */
export const processDepositExpiry: Processor<'deposit-expiry'> = async () => expireDeposits();
