/**
 * The post-bet area: the chain each settled bet order goes through (turnover, VIP, missions, affiliate) and its reconciliation.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './jobs';
export * from './reconcile';
