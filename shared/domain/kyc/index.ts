/**
 * The kyc area: verification levels, profiles and documents, their review, flags (the under-age freeze) and the gates on money.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './documents';
export * from './flags';
export * from './gates';
export * from './notices';
export * from './profile';
export * from './register-check';
export * from './review';
export * from './status';
