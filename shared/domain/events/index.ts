/**
 * The events area: live events to front ends (docs/events.md, docs/decisions/events.md): the feed
 * written after commit, its publisher, the per-stream histories, the open streams of this process and
 * the stream tickets.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export { entryIdOf, playerOwner, siteOwner, type StreamOwner } from './ids';
export { appendEvent } from './history';
export { publishFeed, startPublisher } from './publisher';
export { addEvent } from './queries';
export { openStream, openStreamCount, releaseStreamLease, startStreams, subscriberName, takeStreamLease, type StreamHooks } from './streams';
export { issueTicket, takeTicket, type Ticket } from './tickets';
