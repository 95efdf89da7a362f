import { dateTime, id, int, nullable, obj, oneOfValues, str } from '../../http/answer-schemas';

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
  round: obj({
    betOrderId: str('The bet order id, as text'),
    providerCode: str(),
    gameCode: str(),
    gameName: str(),
    gameNumber: str('The round'),
    status: oneOfValues(['valid', 'invalid', 'cancelled']),
    betAmount: moneyText('The stake'),
    winAmount: moneyText('The payout'),
    winLose: moneyText('The payout less the stake'),
    settledAt: nullable(dateTime()),
  }),
  deposit: obj({
    orderId: str('The deposit order id, as text'),
    status: str('The order status (pending, paid, failed, ...)'),
    orderAmount: moneyText('The ordered amount, in the order currency'),
    currency: str(),
    payAmount: nullable(moneyText('The paid amount, once paid')),
    failReason: nullable(str()),
  }),
  withdrawal: obj({
    withdrawalId: id(),
    status: oneOfValues(['pending', 'approved', 'rejected', 'completed']),
    amount: moneyText('The amount'),
    rejectReason: nullable(str()),
  }),
  kyc: obj({
    documentId: id(),
    kind: str(),
    status: oneOfValues(['pending', 'approved', 'rejected']),
    reason: nullable(str('Why it was rejected')),
    expiresAt: nullable(dateTime()),
  }),
  inbox: obj({ messageId: str('The message id, as text'), category: oneOfValues(['system', 'promo']) }),
  protection: obj(
    {
      change: oneOfValues(
        ['limit', 'account'],
        'limit: a deposit, loss or wager limit; account: an exclusion, the session limit or the reality-check interval',
      ),
      limitType: str(),
      period: str(),
      amount: nullable(moneyText('The limit in force')),
      pendingAmount: nullable(moneyText('A raised limit waiting for its cooling period')),
      pendingFrom: nullable(dateTime()),
      operatorAmount: nullable(moneyText("The operator's limit")),
      coolingOffUntil: nullable(dateTime()),
      selfExcludedUntil: nullable(dateTime()),
      sessionLimitMinutes: nullable(int()),
      pendingSessionLimitMinutes: nullable(int()),
      realityCheckMinutes: nullable(int()),
    },
    {
      optional: [
        'limitType',
        'period',
        'amount',
        'pendingAmount',
        'pendingFrom',
        'operatorAmount',
        'coolingOffUntil',
        'selfExcludedUntil',
        'sessionLimitMinutes',
        'pendingSessionLimitMinutes',
        'realityCheckMinutes',
      ],
    },
  ),
  'reality-check': obj(
    {
      sessionStartedAt: dateTime(),
      elapsedMinutes: int(),
      netResult: moneyText('Wins minus stakes of the session'),
      dueAt: dateTime('When the check fell due'),
      acknowledgeBy: dateTime('From then bets are refused until POST /responsible-gaming/reality-check/ack'),
    },
    { description: 'Told once per due time, to the streams of a player who is playing; no id (not replayed)' },
  ),
  resync: obj({}, { description: 'The history no longer reaches back to Last-Event-ID: reload balances and lists' }),
  session: obj(
    { reason: oneOfValues(['superseded', 'expired']) },
    { description: 'The token was superseded (logout, a new login) or the token that opened the stream expired: the stream closes' },
  ),
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
  'deposit-flagged': obj({
    orderId: str('The deposit order id, as text'),
    userId: id(),
    flag: str('Why it was flagged'),
    status: str(),
    orderAmount: moneyText('The ordered amount'),
    currency: str(),
  }),
  'kyc-document': obj({ documentId: id(), userId: id(), kind: str() }, { description: 'A new document waiting in the KYC queue' }),
  resync: PLAYER_EVENTS.resync,
};

const streamOf = (events: Record<string, unknown>, what: string) => ({
  type: 'string',
  description: `Server-Sent Events (${what}): each event has \`id:\` (ordered per stream; send it back as Last-Event-ID), \`event:\` (its name) and \`data:\` (a JSON object, see x-events); comment lines are heartbeats. docs/events.md`,
  'x-events': events,
});

export const playerStream = streamOf(PLAYER_EVENTS, "the player's events");
export const adminStream = streamOf(ADMIN_EVENTS, "the site operators' events");
