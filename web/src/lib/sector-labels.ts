// Full sector names do not fit a 375 px axis; these keep them recognisable.
const SHORT_NAMES: Readonly<Record<string, string>> = {
  'Communication Services': 'Comm. Services',
  'Consumer Discretionary': 'Cons. Discr.',
  'Consumer Staples': 'Cons. Staples',
  'Information Technology': 'Info. Technology',
};

export function shortSectorName(name: string): string {
  return SHORT_NAMES[name] ?? name;
}

/** 11 distinguishable hues (one per sector) that work on light and dark backgrounds. */
export const SECTOR_LINE_COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#f5b400',
] as const;
