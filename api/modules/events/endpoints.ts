import { currentTokenVersion, decodePlayerToken, hasPermission, tokenVersionKey, verifyAdminToken } from '../../../shared/domain/auth';
import { entryIdOf, issueTicket, openStream, playerOwner, siteOwner, takeStreamLease, takeTicket, type StreamHooks } from '../../../shared/domain/events';
import { dueRealityCheck } from '../../../shared/domain/responsible-gaming';
import { readCacheKeys } from '../../../shared/redis';
import { bearerToken, neededPermission } from '../../http/auth';
import { endpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import * as answers from './answers';
import { adminStreamQuery, streamQuery } from './schemas';

/**
 * /events: live events to front ends (docs/events.md). The streams are `raw` answers of the one
 * pipeline: the handler answers with the event stream and keeps it open (docs/decisions/events.md,
 * "The stream is an endpoint like the others").
 */

/** The client's Last-Event-ID (header, else the lastEventId query) as an entry of the owner's stream; a foreign or forged one is a 401. */
function lastEntry(owner: Parameters<typeof entryIdOf>[0], header: string | string[] | undefined, query: string | undefined): string | undefined {
  const given = (typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined) ?? query;
  if (given === undefined) return undefined;
  const entry = entryIdOf(owner, given);
  if (entry === null) throw new HttpError(401, 'Last-Event-ID is not an event of this stream');
  return entry;
}

/** Players' current token versions for the open streams' session check: the Redis cache, else Postgres. */
/** When a player token expires (ms since the epoch); undefined for a token without `exp`. */
const sessionEndOf = (claims: object) => {
  const exp = (claims as { exp?: unknown }).exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
};

async function tokenVersionsOf(userIds: number[]): Promise<Map<number, number | null>> {
  const cached = await readCacheKeys(userIds.map(tokenVersionKey));
  const versions = new Map<number, number | null>();
  await Promise.all(
    userIds.map(async (userId, i) => {
      versions.set(userId, cached[i] !== null ? Number(cached[i]) : await currentTokenVersion(userId));
    }),
  );
  return versions;
}

/** What the open streams need from the areas above `events` (shared/domain/events/streams.ts): token versions and due reality checks. */
export const streamHooks: StreamHooks = {
  tokenVersions: tokenVersionsOf,
  realityChecks: async (userIds) => new Map(await Promise.all(userIds.map(async (userId) => [userId, await dueRealityCheck(userId)] as const))),
};

export const eventsEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/events/ticket',
      auth: 'player',
      links: {
        stream: { to: 'get /events', parameters: { ticket: '$response.body#/result/ticket' }, description: 'Open the stream with the ticket (EventSource)' },
      },
      result: answers.ticket,
      summary: 'A one-time ticket (30 s) to open GET /events from EventSource, which cannot send the Authorization header; bound to the player and the site',
    },
    ({ player, req }) => {
      const claims = decodePlayerToken(bearerToken(req) ?? '');
      if (!claims) throw new HttpError(401);
      return issueTicket({ userId: player.id, siteCode: player.siteCode, tokenVersion: claims.tokenVersion, sessionEndsAt: sessionEndOf(claims) });
    },
  ),
  endpoint(
    {
      method: 'get',
      path: '/events',
      auth: 'optional-player',
      query: streamQuery,
      answer: 'raw',
      result: answers.playerStream,
      resultMedia: 'text/event-stream',
      codes: [429],
      summary:
        "The player's live events (Server-Sent Events): the Authorization header, or ?ticket= of POST /events/ticket; Last-Event-ID replays what was missed (docs/events.md). 429: the player's open streams are at the limit",
    },
    async ({ player, query, site, req, res }) => {
      let who: { userId: number; tokenVersion: number; sessionEndsAt?: number };
      if (player) {
        const claims = decodePlayerToken(bearerToken(req) ?? '');
        if (!claims) throw new HttpError(401);
        who = { userId: player.id, tokenVersion: claims.tokenVersion, sessionEndsAt: sessionEndOf(claims) };
      } else {
        const ticket = query.ticket === undefined ? null : await takeTicket(query.ticket);
        // A ticket opens only the site it was issued for, and only while its session lasts.
        if (!ticket || ticket.siteCode !== (req.ctx.adminSiteCode ?? site)) throw new HttpError(401);
        if ((await currentTokenVersion(ticket.userId)) !== ticket.tokenVersion) throw new HttpError(401);
        who = ticket;
      }
      const owner = playerOwner(who.userId);
      const after = lastEntry(owner, req.headers['last-event-id'], query.lastEventId);
      const leaseId = await takeStreamLease(who.userId);
      if (!leaseId) throw new HttpError(429, 'Too many open event streams');
      await openStream(res, { owner, userId: who.userId, tokenVersion: who.tokenVersion, leaseId, after, endsAt: who.sessionEndsAt });
    },
  ),
  endpoint(
    {
      method: 'get',
      path: '/events/admin',
      auth: { admin: 'events' },
      query: adminStreamQuery,
      answer: 'raw',
      result: answers.adminStream,
      resultMedia: 'text/event-stream',
      summary:
        "The site operators' live events (Server-Sent Events): flagged deposits, wins above EVENTS_LARGE_WIN, new KYC documents (docs/events.md); Last-Event-ID replays what was missed",
    },
    async ({ site, query, req, res }) => {
      const owner = siteOwner(site);
      const token = bearerToken(req) ?? '';
      // The stream closes within a session check of the token ending or the permission going (docs/events.md).
      const recheck = async () => {
        const admin = await verifyAdminToken(token);
        return admin !== null && hasPermission(admin.permissions, neededPermission('events', 'GET'));
      };
      await openStream(res, { owner, after: lastEntry(owner, req.headers['last-event-id'], query.lastEventId), recheck });
    },
  ),
];
