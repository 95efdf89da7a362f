import { object } from 'yup';
import { queryText } from '../../http/schema-helpers';

/** Queries of /events (docs/events.md). */

/** GET /events: a ticket of POST /events/ticket (for EventSource), and the last event id seen when no Last-Event-ID header is sent. */
export const streamQuery = object({
  ticket: queryText().max(100, '${path} must be at most 100 characters'),
  lastEventId: queryText().max(100, '${path} must be at most 100 characters'),
});

/** GET /events/admin. */
export const adminStreamQuery = object({
  lastEventId: queryText().max(100, '${path} must be at most 100 characters'),
});
