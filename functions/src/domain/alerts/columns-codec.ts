import { printDirection, type Side } from './print-outcomes.ts';
import { DICT_FIELDS, NUM_FIELDS, type DayColumns, type DictField, type NumField } from './flow-columns.ts';

/**
 * A day's flow columns as bytes, one blob per column, stored by the ingest (issue 35 item 11): a
 * cold backtest reads, for the whole year, only the columns its rule filters on plus the prints'
 * sides, and the columns it lists and marks only for the few days it samples. Lossless: a decoded
 * column equals the one built from the trades, bit for bit, so a backtest answers exactly as the
 * scan of the trades.
 *
 * Each column takes the narrowest exact width: Uint8 or Uint16 for small whole numbers and
 * dictionary codes, Int32 of value x scale for prices and premiums, Float64 otherwise. The day's
 * head (JSON) holds the ticker ranges and each ticker's counts of bullish and bearish prints.
 * Layout of a column: u32 header length, the JSON header, then the values on an 8-byte boundary.
 * Typed arrays are written in the platform's byte order (little-endian on every Lambda and x86 host).
 */
export const COLUMNS_FORMAT = 2;

/** What a day stores besides its trade columns: the head and the prints' sides. */
export const HEAD = 'head';
export const SIDE = 'side';
/**
 * The columns a sampled print is listed and marked with, also stored together as one item per day
 * (PRINTS): a backtest reads them for its ~24 sampled days with one small query a day, not one per column.
 */
export const PRINTS = 'prints';
export const PRINT_COLUMNS = [
  'time',
  'put_call',
  'strike_price',
  'date_expiration',
  'price',
  'size',
  'cost_basis',
  'option_activity_type',
] as const satisfies ReadonlyArray<NumField | DictField>;
export type StoredColumn = NumField | DictField | typeof SIDE | typeof HEAD | typeof PRINTS;
export const STORED_COLUMNS: readonly StoredColumn[] = [HEAD, SIDE, PRINTS, ...NUM_FIELDS, ...DICT_FIELDS];

/** Integer scales tried per numeric column: prices and premiums are cents or a few decimals. */
const SCALES = [1, 100, 1000, 10000] as const;
/** The Int32 value that stands for null (NaN in the column); no scaled value may equal it. */
const NULL_INT = -2147483648;

type Width = 'u8' | 'u16' | 'i8' | 'i32' | 'f64';
interface ColumnHeader {
  format: number;
  length: number;
  width: Width;
  /** Int32 columns: value x scale. */
  scale?: number;
  /** Dictionary columns: the values the codes index. */
  values?: Array<string | null>;
}

export interface DayHead {
  format: number;
  date: string;
  length: number;
  /** [ticker, start, end, bullish prints, bearish prints]. */
  tickers: Array<[string, number, number, number, number]>;
}

const ARRAYS = { u8: Uint8Array, u16: Uint16Array, i8: Int8Array, i32: Int32Array, f64: Float64Array } as const;

function wholeWidth(col: ArrayLike<number>): Width | null {
  let max = 0;
  for (let i = 0; i < col.length; i += 1) {
    const v = col[i]!;
    if (!Number.isInteger(v) || v < 0 || Object.is(v, -0)) return null;
    if (v > max) max = v;
  }
  return max < 256 ? 'u8' : max < 65536 ? 'u16' : null;
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

function pack(header: ColumnHeader, body: ArrayBufferView): Uint8Array {
  const head = new TextEncoder().encode(JSON.stringify(header));
  const at = align8(4 + head.length);
  const out = new Uint8Array(at + body.byteLength);
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  out.set(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), at);
  return out;
}

function encodeNums(col: Float64Array): Uint8Array {
  const n = col.length;
  const whole = wholeWidth(col);
  if (whole) return pack({ format: COLUMNS_FORMAT, length: n, width: whole }, ARRAYS[whole].from(col));
  const scale = scaleFor(col);
  if (scale === 0) return pack({ format: COLUMNS_FORMAT, length: n, width: 'f64' }, new Float64Array(col));
  const ints = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    const v = col[i]!;
    ints[i] = Number.isNaN(v) ? NULL_INT : Math.round(v * scale);
  }
  return pack({ format: COLUMNS_FORMAT, length: n, width: 'i32', scale }, ints);
}

export function encodeColumn(day: DayColumns, name: StoredColumn): Uint8Array {
  const n = day.length;
  if (name === HEAD) {
    const tickers: DayHead['tickers'] = [];
    const call = day.dicts.put_call;
    for (const [t, [s, e]] of day.tickerRows) {
      let bull = 0;
      let bear = 0;
      for (let i = s; i < e; i += 1) {
        const d = printDirection(day.side[i] as Side, call.values[call.codes[i]!] ?? '');
        if (d > 0) bull += 1;
        else if (d < 0) bear += 1;
      }
      tickers.push([t, s, e, bull, bear]);
    }
    const head: DayHead = { format: COLUMNS_FORMAT, date: day.date, length: n, tickers };
    return new TextEncoder().encode(JSON.stringify(head));
  }
  if (name === SIDE) return pack({ format: COLUMNS_FORMAT, length: n, width: 'i8' }, day.side);
  if (name === PRINTS) return bundle(PRINT_COLUMNS.map((c) => encodeColumn(day, c)));
  if ((NUM_FIELDS as readonly string[]).includes(name)) return encodeNums(day.nums[name as NumField]);
  const d = day.dicts[name as DictField];
  const width: Width = d.values.length <= 256 ? 'u8' : 'u16';
  return pack({ format: COLUMNS_FORMAT, length: n, width, values: d.values }, ARRAYS[width].from(d.codes));
}

export function decodeHead(bytes: Uint8Array): DayHead | null {
  const head = JSON.parse(new TextDecoder().decode(bytes)) as DayHead;
  return head.format === COLUMNS_FORMAT ? head : null;
}

export type DecodedColumn = Float64Array | Int8Array | { codes: Uint16Array; values: Array<string | null> };

/** A stored column back (numbers as Float64 with NaN for null, codes as Uint16), or null when of another format. */
export function decodeColumn(name: StoredColumn, bytes: Uint8Array): DecodedColumn | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headLength = view.getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headLength))) as ColumnHeader;
  if (header.format !== COLUMNS_FORMAT) return null;
  const at = align8(4 + headLength);
  const size = ARRAYS[header.width].BYTES_PER_ELEMENT * header.length;
  // A copy on a buffer of its own: typed-array views need aligned offsets (and a Node Buffer's
  // slice shares its pool's memory, so it is copied by hand).
  const own = new Uint8Array(size);
  own.set(bytes.subarray(at, at + size));
  const raw = new ARRAYS[header.width](own.buffer);
  if (name === SIDE) return raw as Int8Array;
  if (header.values) return { codes: Uint16Array.from(raw), values: header.values };
  if (header.width === 'f64') return raw as Float64Array;
  const col = new Float64Array(header.length);
  const scale = header.scale ?? 1;
  for (let i = 0; i < header.length; i += 1) {
    const v = raw[i]!;
    col[i] = header.width === 'i32' && v === NULL_INT ? Number.NaN : header.width === 'i32' ? v / scale : v;
  }
  return col;
}

/** Blobs one after the other, after a u32 count and a u32 length per blob. */
function bundle(blobs: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(4 + 4 * blobs.length + blobs.reduce((a, b) => a + b.length, 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, blobs.length, true);
  let at = 4 + 4 * blobs.length;
  blobs.forEach((b, i) => {
    view.setUint32(4 + 4 * i, b.length, true);
    out.set(b, at);
    at += b.length;
  });
  return out;
}

/** The print columns of a day back from their stored bundle, by name; null when of another format or set. */
export function decodePrints(bytes: Uint8Array): Map<string, DecodedColumn> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(0, true);
  if (count !== PRINT_COLUMNS.length) return null;
  const out = new Map<string, DecodedColumn>();
  let at = 4 + 4 * count;
  for (let i = 0; i < count; i += 1) {
    const length = view.getUint32(4 + 4 * i, true);
    const col = decodeColumn(PRINT_COLUMNS[i]!, bytes.subarray(at, at + length));
    if (!col) return null;
    out.set(PRINT_COLUMNS[i]!, col);
    at += length;
  }
  return out;
}

const align8 = (x: number): number => Math.ceil(x / 8) * 8;
