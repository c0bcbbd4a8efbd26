import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { printSide } from './print-outcomes.ts';

/**
 * One day of flow in columns: numbers in typed arrays (NaN for null), repeated strings as indexes
 * into per-day dictionaries, and rows grouped by ticker. A year of demo flow (~750,000 trades) is then
 * ~100 MB instead of ~400 MB of objects, and a scan touches only the columns the filters read.
 */
export const NUM_FIELDS = [
  'strike_price',
  'DTE',
  'aggressor_ind',
  'ask',
  'bid',
  'midpoint',
  'price',
  'size',
  'volume',
  'open_interest',
  'underlying_price',
  'cost_basis',
  'trade_count',
  'score',
] as const;
export const DICT_FIELDS = [
  'ticker',
  'date',
  'time',
  'put_call',
  'date_expiration',
  'option_activity_type',
  'exchange',
  'fill',
  'sentiment',
  'conditions',
] as const;
export type NumField = (typeof NUM_FIELDS)[number];
export type DictField = (typeof DICT_FIELDS)[number];
const NULLABLE = new Set<string>(['aggressor_ind', 'ask', 'bid', 'midpoint', 'underlying_price', 'exchange']);

/**
 * A dictionary column's value of a trade: the OPRA conditions (a list, the Spread filter's) as their
 * comma-joined text, null when the print has none; the other fields as they are.
 */
function dictValue(t: FlowTrade, f: DictField): string | null {
  if (f !== 'conditions') return t[f];
  return t.conditions === undefined ? null : t.conditions.join(',');
}

/** The field of a trade from its dictionary value (conditions back to their list; absent when none). */
function fromDict(f: DictField, v: string | null | undefined): unknown {
  if (f !== 'conditions') return v;
  return v === null || v === undefined ? undefined : v === '' ? [] : v.split(',').map(Number);
}

export interface DayColumns {
  date: string;
  length: number;
  keys: string[];
  nums: Record<NumField, Float64Array>;
  dicts: Record<DictField, { codes: Uint16Array; values: Array<string | null> }>;
  /** Rows of each ticker: [start, end) in the (ticker-grouped) row order. */
  tickerRows: Map<string, [number, number]>;
  /** Each print's side, derived from its price, bid and ask (print-outcomes.ts): +1 bought, -1 sold, 0 unknown. */
  side: Int8Array;
}

export function toColumns(date: string, input: readonly FlowTrade[]): DayColumns {
  const trades = [...input].sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
  const n = trades.length;
  const nums = Object.fromEntries(NUM_FIELDS.map((f) => [f, new Float64Array(n)])) as DayColumns['nums'];
  const dicts = Object.fromEntries(
    DICT_FIELDS.map((f) => [f, { codes: new Uint16Array(n), values: [] as Array<string | null> }]),
  ) as DayColumns['dicts'];
  const lookups = Object.fromEntries(DICT_FIELDS.map((f) => [f, new Map<string | null, number>()])) as Record<
    DictField,
    Map<string | null, number>
  >;
  const tickerRows = new Map<string, [number, number]>();
  const keys: string[] = new Array(n);
  const side = new Int8Array(n);
  for (let i = 0; i < n; i += 1) {
    const t = trades[i]!;
    keys[i] = t.key;
    side[i] = printSide(t.price, t.bid, t.ask);
    for (const f of NUM_FIELDS) {
      const v = t[f];
      nums[f][i] = v === null ? Number.NaN : v;
    }
    for (const f of DICT_FIELDS) {
      const v = dictValue(t, f);
      const map = lookups[f];
      let code = map.get(v);
      if (code === undefined) {
        code = dicts[f].values.length;
        dicts[f].values.push(v);
        map.set(v, code);
      }
      dicts[f].codes[i] = code;
    }
    const range = tickerRows.get(t.ticker.toUpperCase());
    if (range) range[1] = i + 1;
    else tickerRows.set(t.ticker.toUpperCase(), [i, i + 1]);
  }
  return { date, length: n, keys, nums, dicts, tickerRows, side };
}

/** Writes row i into `into` (a reused object: a scan allocates nothing per row). */
export function readRow(day: DayColumns, i: number, into: Record<string, unknown>): FlowTrade {
  into.key = day.keys[i];
  for (const f of NUM_FIELDS) {
    const v = day.nums[f][i]!;
    into[f] = Number.isNaN(v) && NULLABLE.has(f) ? null : v;
  }
  for (const f of DICT_FIELDS) {
    const d = day.dicts[f];
    into[f] = fromDict(f, d.values[d.codes[i]!]);
  }
  return into as unknown as FlowTrade;
}

/**
 * A reader that fills only the named trade fields (those a rule's filters read): a one-year scan
 * then writes 2-5 fields per row instead of all 24. `rowTrade` still gives the full trade.
 */
export function fieldReader(
  fields: readonly string[],
): (day: DayColumns, i: number, into: Record<string, unknown>) => FlowTrade {
  const nums = NUM_FIELDS.filter((f) => fields.includes(f));
  const dicts = DICT_FIELDS.filter((f) => fields.includes(f));
  return (day, i, into) => {
    for (const f of nums) {
      const v = day.nums[f][i]!;
      into[f] = Number.isNaN(v) && NULLABLE.has(f) ? null : v;
    }
    for (const f of dicts) {
      const d = day.dicts[f];
      into[f] = fromDict(f, d.values[d.codes[i]!]);
    }
    return into as unknown as FlowTrade;
  };
}

export const rowTrade = (day: DayColumns, i: number): FlowTrade => ({ ...readRow(day, i, {}) });
