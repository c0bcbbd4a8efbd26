/**
 * The datasets the demo generates (seeded simulations, no free source exists), issue 37 item 4:
 * the one list the demo badge names and each of their screens' captions read, so a dataset made
 * generated (or real) changes every label at once.
 */
export const GENERATED_DATASETS = {
  options_flow: 'options flow',
  option_chains: 'option chains',
  short_interest: 'short interest',
  finra_short_volume: 'FINRA short volume',
} as const;

export type GeneratedDataset = keyof typeof GENERATED_DATASETS;

const joined = (names: readonly string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** "options flow, option chains, short interest and FINRA short volume" */
export const generatedDatasetsList = (): string => joined(Object.values(GENERATED_DATASETS));

/** The badge: "Demo data as of 2024-03-08 — options flow, option chains, ... simulated". */
export function demoBadgeText(asOf: string | null, generated: boolean): string {
  const base = asOf ? `Demo data as of ${asOf}` : 'Demo data';
  return generated ? `${base} — ${generatedDatasetsList()} simulated` : base;
}

/** Names that take a plural verb ("option chains are"). */
const PLURAL: ReadonlySet<GeneratedDataset> = new Set(['option_chains']);

/** A screen's caption in demo mode: "Demo: short interest is simulated (seeded), not market data." */
export function generatedCaption(datasets: readonly GeneratedDataset[]): string {
  const names = datasets.map((d) => GENERATED_DATASETS[d]);
  const plural = datasets.length > 1 || datasets.some((d) => PLURAL.has(d));
  return `Demo: ${joined(names)} ${plural ? 'are' : 'is'} simulated (seeded), not market data.`;
}

/**
 * Issue 37 item 4: a demo chain of an ETF is built on the bundle's dividend-adjusted closes (there is
 * no as-traded close to build it on), and a screen that shows its strikes says so.
 */
export function adjustedStrikesNote(ticker: string): string {
  return `${ticker}'s demo prices are dividend-adjusted closes (the bundled ETF history has no as-traded close), so this simulated chain's strikes and moneyness sit on that scale, below the strikes listed that day.`;
}
