import type { z } from 'zod';
import type { darkPoolRowSchema } from '../schemas/dark-pools.ts';
import type { shortInterestRowSchema } from '../schemas/short-interest.ts';
import type { signalRowSchema } from '../schemas/signals.ts';
import type { optionChainRowSchema } from '../schemas/option-chain.ts';
import { SIGNAL_FACTORS } from '../signal-factors.ts';

/** One column of a table's CSV: its header and the raw value of a row (numbers stay numbers). */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/**
 * The CSV columns of the tables a page exports and the API answers with `?format=csv`: the page's
 * Export button and the server both read these, so the two files cannot drift apart. Headers are
 * the page's (wide-screen) column headers.
 */
type ShortInterestRow = z.infer<typeof shortInterestRowSchema>;
export const shortInterestCsv: readonly CsvColumn<ShortInterestRow>[] = [
  { header: 'Ticker', value: (r) => r.Ticker },
  { header: 'Date', value: (r) => r.Date },
  { header: 'Short Interest', value: (r) => r['Short Interest'] },
  { header: 'Average Volume', value: (r) => r['Average Volume'] },
  { header: 'Days To Cover', value: (r) => r['Days To Cover'] },
  { header: '%Float Short', value: (r) => r['%Float Short'] },
];

type DarkPoolRow = z.infer<typeof darkPoolRowSchema>;
export const darkPoolsCsv: readonly CsvColumn<DarkPoolRow>[] = [
  { header: 'Ticker', value: (r) => r.Ticker },
  { header: 'Date', value: (r) => r.Date },
  { header: 'Short Vol.', value: (r) => r['Short Volume'] },
  { header: 'Short Vol. %', value: (r) => r['Short Volume %'] },
  { header: 'Net Short Vol.', value: (r) => r['Net Short Volume'] },
  { header: 'Net Short Vol. $', value: (r) => r['Net Short Volume $'] },
  { header: 'DP Position', value: (r) => r['Dark Pools Position'] },
  { header: 'DP Position $', value: (r) => r['Dark Pools Position $'] },
];

const FACTOR_LABELS = new Map<string, string>(SIGNAL_FACTORS.map((f) => [f.id, f.label]));

type SignalRow = z.infer<typeof signalRowSchema>;
export const signalsCsv: readonly CsvColumn<SignalRow>[] = [
  { header: 'Date', value: (r) => r.date },
  { header: 'Ticker', value: (r) => r.ticker },
  { header: 'Expected%', value: (r) => r.expected_ret },
  // Null (no losing signal yet, shown as ∞) stays an empty field rather than a sort sentinel.
  { header: 'WL Ratio', value: (r) => r.profit_loss_ratio },
  { header: 'Profitable%', value: (r) => r['profitable%'] },
  { header: 'Period', value: (r) => r.period },
  { header: 'Timeframe', value: (r) => r.timeframe },
  { header: 'Factor', value: (r) => FACTOR_LABELS.get(r.factor) ?? r.factor },
];

/** A table without a page export of its own: one column per row field, named as in the JSON. */
export function fieldColumns(row: z.ZodObject): readonly CsvColumn<Record<string, unknown>>[] {
  return Object.keys(row.shape).map((field) => ({ header: field, value: (r) => r[field] }));
}

type OptionChainRow = z.infer<typeof optionChainRowSchema>;
type OptionSide = NonNullable<OptionChainRow['call']>;
const sideColumns = (label: 'Call' | 'Put', pick: (r: OptionChainRow) => OptionSide | null) =>
  (
    [
      ['Bid', (s) => s.bid],
      ['Ask', (s) => s.ask],
      ['Mid', (s) => s.mid],
      ['Last', (s) => s.last],
      ['Volume', (s) => s.volume],
      ['Open Int', (s) => s.open_interest],
      ['IV', (s) => s.iv],
      ['Delta', (s) => s.delta],
      ['Gamma', (s) => s.gamma],
      ['Theta', (s) => s.theta],
      ['Vega', (s) => s.vega],
    ] as const satisfies readonly (readonly [string, (s: OptionSide) => unknown])[]
  ).map(
    ([name, value]): CsvColumn<OptionChainRow> => ({
      header: `${label} ${name}`,
      value: (r) => {
        const s = pick(r);
        return s ? value(s) : null;
      },
    }),
  );
/** The option chain page's export: one line per expiration and strike, calls then puts. */
export const optionChainCsv: readonly CsvColumn<OptionChainRow>[] = [
  { header: 'Expiration', value: (r) => r.expiration },
  { header: 'Strike', value: (r) => r.strike },
  ...sideColumns('Call', (r) => r.call),
  ...sideColumns('Put', (r) => r.put),
];
