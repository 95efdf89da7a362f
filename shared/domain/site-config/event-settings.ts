/**
 * A site's live-event settings (docs/events.md, "The operators' stream"), kept in
 * site_configs.settings.events and changed through PATCH /site-config/admin/:id/settings (`events`):
 * - largeWin: a payout (win, settled, jackpot) above this amount is told on the site's operators' stream
 *   as `large-win`; null: the deployment's EVENTS_LARGE_WIN. The publisher reads it with the feed rows
 *   (shared/domain/events/queries.ts).
 */
export interface EventSettings {
  largeWin: string | null;
}

/** The stored settings with the defaults filled in. */
export function eventSettingsOf(stored: unknown): EventSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return { largeWin: typeof s.largeWin === 'string' ? s.largeWin : null };
}

/** A PATCH of the settings: largeWin replaces (null: back to the deployment's). The stored object after it and the changed keys. */
export function patchEventSettings(stored: unknown, patch: Partial<EventSettings>): { next: EventSettings; changed: string[] } {
  const current = eventSettingsOf(stored);
  if (patch.largeWin === undefined || patch.largeWin === current.largeWin) return { next: current, changed: [] };
  return { next: { largeWin: patch.largeWin }, changed: ['events.largeWin'] };
}
