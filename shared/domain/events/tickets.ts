import { randomBytes } from 'node:crypto';
import { config } from '../../config';
import { cache } from '../../redis';

/**
 * Stream tickets (docs/events.md, "Opening a stream"): EventSource cannot send an Authorization header,
 * so POST /events/ticket gives a random ticket kept in Redis for EVENTS_TICKET_TTL_S (30 s), bound to
 * the player, the token version and the site it was issued for. GET /events?ticket= takes it with
 * GETDEL: a ticket opens one stream, once.
 */

export interface Ticket {
  userId: number;
  siteCode: string;
  tokenVersion: number;
  /** When the token the ticket was issued for expires (ms since the epoch): the stream it opens ends then. */
  sessionEndsAt?: number;
}

const TICKET = /^[A-Za-z0-9_-]{43}$/;
const ticketKey = (ticket: string) => `events:ticket:${ticket}`;

export async function issueTicket(ticket: Ticket): Promise<{ ticket: string; expiresIn: number }> {
  const value = randomBytes(32).toString('base64url');
  const ttl = config().events.ticketTtlS;
  await cache().set(ticketKey(value), JSON.stringify(ticket), 'EX', ttl);
  return { ticket: value, expiresIn: ttl };
}

/** The ticket's binding, once: null when it is malformed, unknown, expired or already used. */
export async function takeTicket(ticket: string): Promise<Ticket | null> {
  if (!TICKET.test(ticket)) return null;
  const stored = await cache().getdel(ticketKey(ticket));
  if (stored === null) return null;
  const parsed = JSON.parse(stored) as Ticket;
  return Number.isInteger(parsed.userId) && typeof parsed.siteCode === 'string' && Number.isInteger(parsed.tokenVersion) ? parsed : null;
}
