/**
 * The live-sports area: matches polled from the sports feed and their list.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './jobs';
export * from './list';
