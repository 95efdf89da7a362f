/**
 * The inbox area: operators' messages, the players' inbox and its unread counts.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './admin-messages';
export * from './player-inbox';
export * from './unread-cache';
export * from './views';
