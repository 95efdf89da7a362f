import { BlockList, isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { config } from '../../shared/config';
import { scrapeMetrics } from '../../shared/metrics';
import { HttpError } from './errors';

/**
 * GET /metrics (outside /api): the Prometheus text exposition, for the addresses and ranges of
 * METRICS_ALLOW only (default loopback). The check uses the TCP peer address, never X-Forwarded-For
 * (a client behind a trusted proxy chooses that header's first entry); others get a 403 envelope.
 */
const allowLists = new WeakMap<readonly string[], BlockList>();

function allowListOf(entries: readonly string[]): BlockList {
  let list = allowLists.get(entries);
  if (!list) {
    list = new BlockList();
    for (const entry of entries) {
      const [address, bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(bits), family);
    }
    allowLists.set(entries, list);
  }
  return list;
}

/** The peer address, an IPv4-mapped IPv6 address (::ffff:127.0.0.1) as plain IPv4. */
function peerAddress(req: Request): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

export function isMetricsClient(address: string, allow: readonly string[]): boolean {
  const family = isIP(address);
  return family !== 0 && allowListOf(allow).check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export async function metricsEndpoint(req: Request, res: Response, next: NextFunction): Promise<void> {
  req.ctx.routeTemplate = '/metrics';
  try {
    if (!isMetricsClient(peerAddress(req), config().metrics.allow)) throw new HttpError(403, 'Forbidden: metrics are served to METRICS_ALLOW only');
    const { contentType, body } = await scrapeMetrics();
    res.setHeader('Cache-Control', 'no-store');
    res.type(contentType).send(body);
  } catch (err) {
    next(err);
  }
}
