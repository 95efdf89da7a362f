import { BlockList, isIP } from 'node:net';

/**
 * Who may read the metrics: the TCP peers in METRICS_ALLOW (addresses and CIDR ranges, default
 * loopback). Shared by the API's GET /metrics and the workers' metrics server. Callers pass the socket's
 * peer address, never X-Forwarded-For (a client behind a trusted proxy chooses that header's first entry).
 */
const allowLists = new WeakMap<readonly string[], BlockList>();

/** The METRICS_ALLOW entries as a BlockList, built once per list. */
export function allowListOf(entries: readonly string[]): BlockList {
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

/** A socket's peer address, an IPv4-mapped IPv6 address (::ffff:127.0.0.1) as plain IPv4. */
export function peerAddress(remoteAddress: string | undefined): string {
  const address = remoteAddress ?? '';
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

export function isMetricsClient(address: string, allow: readonly string[]): boolean {
  const family = isIP(address);
  return family !== 0 && allowListOf(allow).check(address, family === 6 ? 'ipv6' : 'ipv4');
}
