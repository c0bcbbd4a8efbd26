export * from './underlying.ts';
export * from './expirations.ts';
export * from './strikes.ts';
export * from './surface.ts';
export * from './quote.ts';
export * from './open-interest.ts';
export * from './market.ts';
export * from './occ-symbol.ts';
