/**
 * The promo area: promotions, their conditions and claims.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './admin';
export * from './claims';
export * from './conditions';
export * from './list';
export * from './views';
