import { DICT_FIELDS, NUM_FIELDS, type DayColumns } from './flow-columns.ts';

/**
 * A day's flow columns as bytes, stored beside the day's trades (issue 35 item 11): a cold backtest
 * reads ~250 of these instead of parsing ~750,000 JSON trades. Lossless: a decoded day equals the
 * day built from the trades, bit for bit, so a backtest answers exactly as the scan of the trades.
 *
 * Layout: u32 header length, the JSON header (field names, encodings, ticker ranges, where each
 * block lies), then the blocks: one per numeric column (Int32 scaled, or Float64), per dictionary
 * column (Uint16 codes and its JSON values) and the trade keys (JSON). Fields are named in the header, so a field added later (issue 39's option mid,
 * side and type per print) changes FORMAT and older days are rebuilt from their trades once.
 * Typed arrays are written in the platform's byte order (little-endian on every Lambda and x86 host).
 */
export const COLUMNS_FORMAT = 1;

/** Integer scales tried per numeric column: prices and premiums are cents or a few decimals. */
const SCALES = [1, 100, 1000, 10000] as const;
/** The Int32 value that stands for null (NaN in the column); no scaled value may equal it. */
const NULL_INT = -2147483648;

interface NumHeader {
  name: string;
  /** 0: Float64 as is; otherwise Int32 of value × scale. */
  scale: number;
  at: number;
}

/** Where a JSON block (the keys, a dictionary's values) lies: [offset, length] in bytes. */
type Span = [number, number];

interface Header {
  format: number;
  date: string;
  length: number;
  tickers: Array<[string, number, number]>;
  keys: Span;
  nums: NumHeader[];
  dicts: Array<{ name: string; codes: number; values: Span }>;
}

/** The smallest scale whose Int32 values give back every value exactly (NaN as NULL_INT), or 0. */
function scaleFor(col: Float64Array): number {
  for (const scale of SCALES) {
    let ok = true;
    for (let i = 0; i < col.length && ok; i += 1) {
      const v = col[i]!;
      if (Number.isNaN(v)) continue;
      const q = Math.round(v * scale);
      ok = q > NULL_INT && q < 2 ** 31 && q / scale === v && !Object.is(v, -0);
    }
    if (ok) return scale;
  }
  return 0;
}

export function encodeColumns(day: DayColumns): Uint8Array {
  const n = day.length;
  const text = new TextEncoder();
  const blocks: Uint8Array[] = [];
  // Blocks start on 8-byte boundaries so they can be viewed in place; offsets count from the body.
  let size = 0;
  const add = (b: Uint8Array): Span => {
    const span: Span = [size, b.length];
    blocks.push(b);
    size += align8(b.length);
    return span;
  };
  const nums: NumHeader[] = NUM_FIELDS.map((name) => {
    const col = day.nums[name];
    const scale = scaleFor(col);
    if (scale === 0) return { name, scale, at: add(new Uint8Array(new Float64Array(col).buffer))[0] };
    const ints = new Int32Array(n);
    for (let i = 0; i < n; i += 1) {
      const v = col[i]!;
      ints[i] = Number.isNaN(v) ? NULL_INT : Math.round(v * scale);
    }
    return { name, scale, at: add(new Uint8Array(ints.buffer))[0] };
  });
  const dicts = DICT_FIELDS.map((name) => ({
    name,
    codes: add(new Uint8Array(new Uint16Array(day.dicts[name].codes).buffer))[0],
    values: add(text.encode(JSON.stringify(day.dicts[name].values))),
  }));
  const header: Header = {
    format: COLUMNS_FORMAT,
    date: day.date,
    length: n,
    tickers: [...day.tickerRows].map(([t, [s, e]]) => [t, s, e]),
    keys: add(text.encode(JSON.stringify(day.keys))),
    nums,
    dicts,
  };
  const head = text.encode(JSON.stringify(header));
  const bodyAt = align8(4 + head.length);
  const out = new Uint8Array(bodyAt + size);
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  let at = bodyAt;
  for (const b of blocks) {
    out.set(b, at);
    at += align8(b.length);
  }
  return out;
}

/**
 * The day back, or null when the bytes are of another format or field set (then rebuild it from
 * its trades). Each column is decoded when first read: a backtest reads the few its filters name,
 * the ticker column and, for the trades it lists, the keys.
 */
export function decodeColumns(bytes: Uint8Array): DayColumns | null {
  // A copy on an 8-aligned buffer of its own: typed-array views need aligned offsets.
  const buf = new Uint8Array(bytes.length);
  buf.set(bytes);
  const headLength = new DataView(buf.buffer).getUint32(0, true);
  const text = new TextDecoder();
  const header = JSON.parse(text.decode(buf.subarray(4, 4 + headLength))) as Header;
  const sameFields = (have: Array<{ name: string }>, want: readonly string[]) =>
    have.length === want.length && have.every((h, i) => h.name === want[i]);
  if (
    header.format !== COLUMNS_FORMAT ||
    !sameFields(header.nums, NUM_FIELDS) ||
    !sameFields(header.dicts, DICT_FIELDS)
  )
    return null;
  const n = header.length;
  const body = align8(4 + headLength);
  const json = ([at, length]: Span): unknown => JSON.parse(text.decode(buf.subarray(body + at, body + at + length)));
  const nums = {} as DayColumns['nums'];
  for (const c of header.nums)
    lazy(nums, c.name, () => {
      if (c.scale === 0) return new Float64Array(buf.buffer, body + c.at, n);
      const ints = new Int32Array(buf.buffer, body + c.at, n);
      const col = new Float64Array(n);
      for (let i = 0; i < n; i += 1) col[i] = ints[i] === NULL_INT ? Number.NaN : ints[i]! / c.scale;
      return col;
    });
  const dicts = {} as DayColumns['dicts'];
  for (const d of header.dicts)
    lazy(dicts, d.name, () => ({
      codes: new Uint16Array(buf.buffer, body + d.codes, n),
      values: json(d.values) as Array<string | null>,
    }));
  const day = {
    date: header.date,
    length: n,
    nums,
    dicts,
    tickerRows: new Map(header.tickers.map(([t, s, e]) => [t, [s, e] as [number, number]])),
  } as Omit<DayColumns, 'keys'>;
  lazy(day, 'keys', () => json(header.keys));
  return day as DayColumns;
}

/** A property computed on its first read, then kept (enumerable, so equality checks see it). */
function lazy(target: object, name: string, make: () => unknown): void {
  Object.defineProperty(target, name, {
    enumerable: true,
    configurable: true,
    get() {
      const value = make();
      Object.defineProperty(target, name, { value, enumerable: true, writable: true });
      return value;
    },
  });
}

const align8 = (x: number): number => Math.ceil(x / 8) * 8;
