/**
 * The affiliate area: agents, referral codes and bindings, the commission settlement and commission withdrawals.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './agent';
export * from './agents';
export * from './bind-logs';
export * from './binding';
export * from './clicks';
export * from './codes';
export * from './dashboard';
export * from './downline';
export * from './jobs';
export * from './milestones';
export * from './program-settings';
export * from './promo-link';
export * from './referral-codes';
export * from './settlement-review';
export * from './settlement-views/lists';
export * from './settlement-views/views';
export * from './settlement/run';
export * from './settlement/triggers';
export * from './tier-settings';
export * from './tiers';
export * from './withdrawals/lists';
export * from './withdrawals/request';
export * from './withdrawals/review';
export * from './withdrawals/views';
