import { BlockList, isIP } from 'node:net';

/**
 * Who may read the metrics: the TCP peers in METRICS_ALLOW (addresses and CIDR ranges, default
 * loopback). Shared by the API's GET /metrics and the workers' metrics server. Callers pass the socket's
 * peer address, never X-Forwarded-For (a client behind a trusted proxy chooses that header's first entry).
 */
const allowLists = new WeakMap<readonly string[], BlockList>();

export interface AllowEntry {
  address: string;
  family: 'ipv4' | 'ipv6';
  /** The prefix length of a CIDR range; absent for one address. */
  bits?: number;
}

/** One METRICS_ALLOW entry, an IP address or a CIDR range; null when it is neither (config refuses it). */
export function parseAllowEntry(entry: string): AllowEntry | null {
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return null;
  const family = version === 6 ? 'ipv6' : 'ipv4';
  if (bits === undefined) return { address, family };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (version === 6 ? 128 : 32)) return null;
  return { address, family, bits: Number(bits) };
}

/** The METRICS_ALLOW entries (validated by config) as a BlockList, built once per list. */
export function allowListOf(entries: readonly string[]): BlockList {
  let list = allowLists.get(entries);
  if (!list) {
    list = new BlockList();
    for (const entry of entries) {
      const parsed = parseAllowEntry(entry);
      if (!parsed) continue;
      if (parsed.bits === undefined) list.addAddress(parsed.address, parsed.family);
      else list.addSubnet(parsed.address, parsed.bits, parsed.family);
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
