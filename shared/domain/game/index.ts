/**
 * The game area: games, providers' game lists, launches, game blocks and provably fair simulate rounds.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './blocks';
export * from './copy-site-data';
export * from './fairness/draw';
export * from './fairness/history';
export * from './fairness/proof';
export * from './fairness/seed-check';
export * from './fairness/seeds';
export * from './game-list';
export * from './launch';
export * from './play-log';
export * from './provider-list';
export * from './providers-admin';
export * from './recent-games';
export * from './simulate';
export * from './template';
export * from './type-configs';
export * from './types';
