/**
 * The vip area: VIP levels, progress, the daily rebate, relegation and settlement runs.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './hold';
export * from './jobs';
export * from './levels';
export * from './manual-settlement';
export * from './progress';
export * from './rebate-rules';
export * from './rebate';
export * from './settlement-periods';
export * from './settlement-runs';
export * from './status';
export * from './upgrade-bonus';
