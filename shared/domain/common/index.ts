/**
 * The common area: paging, day ranges, the site list, enums, the health check, the claim pages
 * several areas list and the refusal texts several areas answer with.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './claim-pages';
export * from './day-range';
export * from './enums';
export * from './health';
export * from './paging';
export * from './shared-texts';
export * from './sites';
export * from './unique';
export * from './where';
