/**
 * The history area: the monthly partitions of bet_orders, game_transactions and provider_transactions,
 * the key tables of the reconciliation window, and the archive of old months
 * (docs/decisions/bet-record.md, "History tables are partitioned by month"). It knows no money rule: the
 * tables are named, never interpreted, except the ledger's chain links an archive keeps.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './archive';
export * from './archived';
export * from './jobs';
export * from './keys';
export * from './partitions';
export * from './restore';
