/**
 * The audit area: the operation log and the acting administrator, status moves recorded in it, the hash chains, their verifier and the signed daily digest.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './actor';
export * from './chain-verify';
export * from './digest-list';
export * from './jobs';
export * from './operation-log';
export * from './status-transition';
export * from './verify-runs';
