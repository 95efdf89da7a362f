/**
 * The site-config area: sites, their themes and settings (every area's settings section, read through the jurisdiction floors) and the creation of a site.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './bonus-settings';
export * from './event-settings';
export * from './copy-site-rows';
export * from './jurisdiction';
export * from './kyc-settings';
export * from './new-site';
export * from './protection-settings';
export * from './public-config';
export * from './risk-settings';
export * from './settlement-settings';
export * from './site-configs';
export * from './site-name';
export * from './site-settings';
export * from './stored-settings';
export * from './themes';
