import { SECTOR_ETFS } from '@tapewatch/shared/constants';
import { SIGNAL_SECTORS, type SignalSector } from '@tapewatch/shared/schemas/signals';

/** GICS sector names (the directory's classification) -> the spec's 11 sector names. */
const GICS_TO_SIGNAL_SECTOR: ReadonlyMap<string, SignalSector> = new Map(
  Object.entries({
    Materials: 'Basic Materials',
    'Communication Services': 'Communication Services',
    'Consumer Discretionary': 'Consumer Cyclical',
    'Consumer Staples': 'Consumer Defensive',
    Energy: 'Energy',
    Financials: 'Financial',
    'Health Care': 'Healthcare',
    Industrials: 'Industrials',
    'Information Technology': 'Technology',
    'Real Estate': 'Real Estate',
    Utilities: 'Utilities',
  } satisfies Record<string, SignalSector>),
);

const SECTOR_OF_ETF = new Map<string, string>(SECTOR_ETFS.map((s) => [s.ticker, s.sector]));

/**
 * The spec sector of a directory entry: GICS names are mapped, the spec's own names pass through,
 * a sector SPDR ETF takes its sector; anything else (index ETFs, unclassified stocks) has none.
 */
export function toSignalSector(symbol: string, sector: string): SignalSector | null {
  const gics = SECTOR_OF_ETF.get(symbol) ?? sector;
  const mapped = GICS_TO_SIGNAL_SECTOR.get(gics);
  if (mapped) return mapped;
  return (SIGNAL_SECTORS as readonly string[]).includes(gics) ? (gics as SignalSector) : null;
}
