/**
 * The bonus area: bonus money beside the cash balance, its grants with wagering, conversion, expiry and
 * forfeits (docs/decisions/bonus.md). The money moves in SQL (shared/db/functions/bonus/, through the
 * wallet's bonus_move and wallet_move).
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './grants';
export * from './jobs';
export * from './offers';
export { GRANT_SOURCES, GRANT_STATUSES, type GrantSource, type GrantStatus } from './queries';
export * from './refusals';
