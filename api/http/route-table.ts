import type { Endpoint, Method } from './endpoint';

/**
 * The declared paths and the methods each allows, from the endpoint declarations (api/endpoints.ts).
 * A path is literal segments and `:name` parameters, matched as Express matches it: literals in any
 * case, one trailing slash allowed, a parameter is one non-empty segment. When several declared paths
 * match a request's path, the most specific one owns it: compared segment by segment from the left, a
 * literal beats a parameter. So `/wallet/bank-card/list` is `GET /wallet/bank-card/list`'s path only,
 * never `DELETE /wallet/bank-card/:id` with id "list" (docs/decisions/platform.md, "Unsupported methods").
 */

/** A literal segment (lower case), or null for a parameter. */
type Segment = string | null;

const segmentsOf = (path: string): Segment[] =>
  path
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith(':') ? null : s.toLowerCase()));

/**
 * Orders paths most specific first: segment by segment from the left a literal comes before a
 * parameter, then the shorter first (paths of different lengths never match the same request).
 */
export function bySpecificity(a: string, b: string): number {
  const sa = segmentsOf(a);
  const sb = segmentsOf(b);
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = sa[i] === null;
    if (pa !== (sb[i] === null)) return pa ? 1 : -1;
  }
  return sa.length - sb.length;
}

/** The methods of the Allow header, in this order. */
const ALLOW_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One declared path (parameter names aside) with everything declared on it. */
export interface DeclaredPath {
  /** The first declaration's path, e.g. `/wallet/bank-card/:id`. */
  template: string;
  methods: ReadonlySet<Method>;
  /** The `Allow` header: the declared methods, and HEAD with GET (Express answers HEAD with the GET handler). */
  allow: string;
  /** Every declaration on it answers in a third party's shape (provider callbacks), which answers the rest too. */
  thirdParty: boolean;
}

export interface RouteTable {
  /** The declared path that owns a request path (relative to /api, without the query), if any. */
  find(path: string): DeclaredPath | undefined;
  /** Whether a path takes a request method (HEAD where GET is declared). */
  allows(path: DeclaredPath, method: string): boolean;
}

export function routeTable(endpoints: readonly Endpoint[]): RouteTable {
  const byKey = new Map<string, DeclaredPath & { segments: Segment[]; methods: Set<Method> }>();
  for (const e of endpoints) {
    const segments = segmentsOf(e.path);
    const key = segments.map((s) => s ?? ':').join('/');
    const found = byKey.get(key);
    const thirdParty = typeof e.answer === 'object';
    if (found) {
      found.methods.add(e.method);
      found.thirdParty &&= thirdParty;
    } else {
      byKey.set(key, { template: e.path, segments, methods: new Set([e.method]), allow: '', thirdParty });
    }
  }
  // Most specific first, by segment count, so a request tries only paths of its own length.
  const bySize = new Map<number, Array<DeclaredPath & { segments: Segment[] }>>();
  for (const entry of [...byKey.values()].sort((a, b) => bySpecificity(a.template, b.template))) {
    const declared = new Set([...entry.methods].map((m) => m.toUpperCase()));
    if (declared.has('GET')) declared.add('HEAD');
    entry.allow = ALLOW_ORDER.filter((m) => declared.has(m)).join(', ');
    const list = bySize.get(entry.segments.length) ?? [];
    list.push(entry);
    bySize.set(entry.segments.length, list);
  }
  return {
    find(path) {
      const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
      const given = trimmed.split('/').slice(1);
      return bySize.get(given.length)?.find((entry) => entry.segments.every((s, i) => (s === null ? given[i] !== '' : s === given[i].toLowerCase())));
    },
    allows(entry, method) {
      const m = method.toLowerCase();
      return entry.methods.has(m as Method) || (m === 'head' && entry.methods.has('get'));
    },
  };
}
