/**
 * The wallet area: the one module that moves money (players' balances and agents' commission accounts, each movement a ledger row) and the players' payment instruments.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './affiliate-account';
export * from './credit-from-query';
export * from './instruments/approved';
export * from './instruments/bank-cards';
export * from './instruments/card-data';
export * from './instruments/credit-cards';
export * from './instruments/crypto-addresses';
export * from './instruments/kinds';
export * from './instruments/photos';
export * from './instruments/review';
export * from './ledger-keys';
export * from './wallet';
