/**
 * The deposit area: payment channels and groups, exchange rates, deposit orders, the vendors' callbacks and crediting.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './admin';
export * from './callbacks';
export * from './channel-admin';
export * from './channel-fields';
export * from './channels';
export * from './credit';
export * from './default-group';
export * from './group-admin';
export * from './jobs';
export * from './order-list';
export * from './orders';
export * from './rates';
export * from './totals';
