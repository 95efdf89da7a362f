/**
 * The withdrawal area: withdrawal codes, requests and their review, and the turnover a withdrawal requires.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './codes';
export * from './lists';
export * from './requests';
export * from './review';
export * from './turnover';
