/**
 * The providers area: the game providers' seamless-wallet callbacks (provx, provy).
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './provx';
export * from './provy';
export * from './seamless-wallet';
