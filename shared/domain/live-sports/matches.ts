import type { FeedFixture, FeedOddsEntry, FeedTeam } from '../../integrations/live-sports-feed';

/**
 * The matches of the live-sports list as mapped from the feed: fixtures with their teams,
 * league, status and match-winner odds; in play first, at most 20.
 */
export const LIVE_SPORTS_MAX = 20;
export const IN_PLAY_STATUSES: readonly string[] = ['1H', 'HT', '2H', 'ET', 'P'];
/** Fixtures over, called off or abandoned: not listed even when the live call still returns them. */
const ENDED_STATUSES = new Set(['FT', 'AET', 'PEN', 'PST', 'CANC', 'ABD', 'AWD', 'WO']);

export interface LiveMatchTeam {
  id: number;
  name: string;
  logo: string | null;
  score: number | null;
}

export interface LiveMatch {
  fixtureId: number;
  kickoffAt: string;
  status: { short: string; long: string; elapsed: number | null };
  league: { id: number | null; name: string; country: string | null; logo: string | null; round: string | null };
  home: LiveMatchTeam;
  away: LiveMatchTeam;
  /** Match winner (1X2) odds as decimal strings; null when the feed has none for the fixture. */
  odds: { home: string | null; draw: string | null; away: string | null; extraCount: number };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const int = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

/** ISO 8601 in UTC with an explicit `+00:00` offset, seconds precision; null when not a date. */
export function isoWithOffset(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function team(raw: FeedTeam | undefined, goals: unknown): LiveMatchTeam | null {
  const id = int(raw?.id);
  const name = str(raw?.name);
  if (id === null || name === null) return null;
  return { id, name, logo: str(raw?.logo), score: int(goals) };
}

/** One feed fixture as a 2.17 live match (odds not yet filled in); null when a required field is missing. */
export function mapFixture(raw: FeedFixture): LiveMatch | null {
  const fixtureId = int(raw?.fixture?.id);
  const kickoffAt = isoWithOffset(raw?.fixture?.date);
  const home = team(raw?.teams?.home, raw?.goals?.home);
  const away = team(raw?.teams?.away, raw?.goals?.away);
  if (fixtureId === null || kickoffAt === null || !home || !away) return null;
  const short = str(raw.fixture?.status?.short) ?? 'NS';
  return {
    fixtureId,
    kickoffAt,
    status: { short, long: str(raw.fixture?.status?.long) ?? short, elapsed: int(raw.fixture?.status?.elapsed) },
    league: {
      id: int(raw.league?.id),
      name: str(raw.league?.name) ?? '',
      country: str(raw.league?.country),
      logo: str(raw.league?.logo),
      round: str(raw.league?.round),
    },
    home,
    away,
    odds: { home: null, draw: null, away: null, extraCount: 0 },
  };
}

const isMatchWinner = (bet: { id?: unknown; name?: unknown }) => int(bet.id) === 1 || str(bet.name)?.toLowerCase() === 'match winner';

function oddText(v: unknown): string | null {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : str(v);
  return text !== null && /^\d+(\.\d+)?$/.test(text) ? text : null;
}

/**
 * Match winner odds of the first bookmaker that offers them; extraCount = the number of other markets
 * (distinct bets, by id or name, over all bookmakers). Null when no bookmaker has a usable 1X2 price.
 */
export function mapOdds(entries: FeedOddsEntry[]): LiveMatch['odds'] | null {
  let winner: LiveMatch['odds'] | null = null;
  const extra = new Set<string>();
  for (const entry of entries ?? []) {
    for (const bookmaker of entry?.bookmakers ?? []) {
      for (const bet of bookmaker?.bets ?? []) {
        if (!bet || typeof bet !== 'object') continue;
        if (!isMatchWinner(bet)) {
          const key = int(bet.id) !== null ? `id:${int(bet.id)}` : `name:${str(bet.name) ?? ''}`;
          extra.add(key);
          continue;
        }
        if (winner) continue;
        const price = (label: string) => oddText(bet.values?.find((v) => str(v?.value)?.toLowerCase() === label)?.odd);
        const [home, draw, away] = [price('home'), price('draw'), price('away')];
        if (home && draw && away) winner = { home, draw, away, extraCount: 0 };
      }
    }
  }
  return winner ? { ...winner, extraCount: extra.size } : null;
}

const inPlay = (m: LiveMatch) => IN_PLAY_STATUSES.includes(m.status.short);

/** In play first, then by kickoff, then by fixture id. */
export function compareMatches(a: LiveMatch, b: LiveMatch): number {
  const live = Number(inPlay(b)) - Number(inPlay(a));
  if (live) return live;
  const kickoff = Date.parse(a.kickoffAt) - Date.parse(b.kickoffAt);
  return kickoff || a.fixtureId - b.fixtureId;
}

/** Maps, drops ended and duplicate fixtures, sorts and caps at 20. */
export function selectMatches(fixtures: FeedFixture[]): LiveMatch[] {
  const byId = new Map<number, LiveMatch>();
  for (const raw of fixtures) {
    const match = mapFixture(raw);
    if (!match || ENDED_STATUSES.has(match.status.short) || byId.has(match.fixtureId)) continue;
    byId.set(match.fixtureId, match);
  }
  return [...byId.values()].sort(compareMatches).slice(0, LIVE_SPORTS_MAX);
}
