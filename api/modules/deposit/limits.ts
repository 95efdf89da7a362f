import { config } from '../../../shared/config';
import { limitRule } from '../../http/rate-limit';

/**
 * One budget for every way a player opens a deposit order (POST /deposit, the fiat vendor's add-atm and
 * add-card): each writes an order row and calls the vendor, so they count together, per player per minute.
 */
export const depositCreatePerUser = limitRule('deposit-create', 'player', () => config().limits.depositCreatePerUser);

/** Exchange-rate lookups are public and may call the rate service: per IP per minute. */
export const exchangeRatePerIp = limitRule('deposit-exchange-rate', 'ip', () => config().limits.exchangeRatePerIp);
