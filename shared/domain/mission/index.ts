/**
 * The mission area: missions, their progress and claims.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './admin';
export * from './claims';
export * from './progress';
export * from './types';
export * from './views';
