// Signals: sectors and timeframes offered by the Factor Analysis: All Signals screen
// (schemas/signals.ts holds the wire shapes). No zod here: the web imports these without the
// validation library.

export { SIGNAL_FACTORS } from '../signal-factors.ts';

/** The spec's 11 sector names (part 2 section 5). */
export const SIGNAL_SECTORS = [
  'Basic Materials',
  'Communication Services',
  'Consumer Cyclical',
  'Consumer Defensive',
  'Energy',
  'Financial',
  'Healthcare',
  'Industrials',
  'Technology',
  'Real Estate',
  'Utilities',
] as const;
export type SignalSector = (typeof SIGNAL_SECTORS)[number];

export const SIGNAL_TIMEFRAMES = ['daily', 'weekly'] as const;
