import { id, int, nullable, obj, oneOfValues, str } from '../../http/answer-schemas';

/**
 * The answers of /events (docs/events.md): the ticket, and the stream with each event's data (the
 * `x-events` of the stream's schema, one JSON object per `data:` line).
 */

const moneyText = (description: string) => ({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', description });

export const ticket = obj({
  ticket: str('Pass as ?ticket= to GET /events within expiresIn seconds; it opens one stream, once'),
  expiresIn: int('Seconds the ticket may be used'),
});

/** The data of each player event, by event name. */
export const PLAYER_EVENTS = {
  balance: obj({
    cash: moneyText('The cash balance after the ledger row'),
    frozen: moneyText('The frozen balance after the ledger row'),
    amount: moneyText('The ledger row amount (negative: money out)'),
    ledgerId: str('The ledger row id (game_transactions.id), as text'),
    kind: str('The ledger row kind (bet, win, deposit, withdraw, ...)'),
  }),
  resync: obj({}, { description: 'The history no longer reaches back to Last-Event-ID: reload balances and lists' }),
  session: obj({ reason: oneOfValues(['superseded']) }, { description: 'The token was superseded (logout, a new login): the stream closes' }),
};

/** The data of each operators' event, by event name. */
export const ADMIN_EVENTS = {
  'large-win': obj({
    userId: id(),
    amount: moneyText('The win, above EVENTS_LARGE_WIN'),
    kind: str('The ledger row kind'),
    ledgerId: str('The ledger row id, as text'),
    betOrderId: nullable(str('The bet order, as text')),
  }),
  resync: PLAYER_EVENTS.resync,
};

const streamOf = (events: Record<string, unknown>, what: string) => ({
  type: 'string',
  description: `Server-Sent Events (${what}): each event has \`id:\` (ordered per stream; send it back as Last-Event-ID), \`event:\` (its name) and \`data:\` (a JSON object, see x-events); comment lines are heartbeats. docs/events.md`,
  'x-events': events,
});

export const playerStream = streamOf(PLAYER_EVENTS, "the player's events");
export const adminStream = streamOf(ADMIN_EVENTS, "the site operators' events");
