/**
 * Seeded demo generators that emit the real vendor wire formats (FINRA short volume, FINRA short
 * interest, CBOE option chains), so demo mode runs the production parsers. Pure functions: the
 * caller supplies real closes/volumes from the bundled dataset and a seed.
 */
export * from './prng.ts';
export * from './market-calendar.ts';
export * from './finra-short-volume.ts';
export * from './finra-short-interest.ts';
export * from './option-listing.ts';
export * from './vol-surface.ts';
export * from './cboe-option-chain.ts';
