/**
 * The uploads area: image checks and storage, the image job and the orphan sweep.
 * This is the area's front door: other areas, the API, the workers and the scripts import the area
 * from here only (docs/architecture.md, "Areas").
 */
export * from './images';
export * from './jobs';
export * from './processing';
