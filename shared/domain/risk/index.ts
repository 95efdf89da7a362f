/**
 * The risk area: one person behind many accounts. Identity signals recorded as they arrive, the links
 * read from them, the operators' review queue and decisions, and the identity lookups player protection
 * uses to make an exclusion follow the person (docs/decisions/risk.md).
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './decisions';
export * from './linked-accounts';
export * from './links';
export * from './national-register';
export * from './normalise';
export * from './queue';
export * from './refusals';
export * from './signals';
export type { Holder } from './queries';
