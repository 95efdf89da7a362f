/**
 * The admin area: administrators, their groups, permissions, sites and authenticators, and the operators' player tools.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './accounts';
export * from './balance-adjustments';
export * from './groups';
export * from './log-list';
export * from './login';
export * from './players';
export * from './site-scope';
export * from './totp';
export * from './views';
