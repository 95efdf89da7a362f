import { deliverSms } from '../../shared/domain/auth/mobile-verification';
import type { Processor } from './types';

/** Starts the twilio Verify SMS for the user's pending number; returns {sid, status}. */
export const processSms: Processor<'sms'> = async (job) => deliverSms(job.data);
