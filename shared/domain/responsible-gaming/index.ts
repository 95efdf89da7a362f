/**
 * The responsible-gaming area: limits, exclusions, session limits and reality checks, and the checks every money path asks.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './changes';
export * from './money-checks';
export * from './operator-changes';
export * from './reality-check-ack';
export * from './state';
export { withholdExcludedIn } from './queries/accounts';
