import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { FlowStats } from '@tapewatch/shared/flow/key-stats';
import { type BodyPart, gzipBase64OfParts, type KeptSegment, keptSegment } from '../../lib/gzip-segments.ts';

export interface HistoricalTail {
  capped: boolean;
  scanned: number;
  first_date: string;
}

/** A day's trades newest first and each one's JSON where made already (the search's kept days). */
export interface RowDay {
  readonly trades: readonly FlowTrade[];
  readonly rows: (string | undefined)[];
}

/** Rows per kept segment of a day: ~55 kB of JSON, big enough to compress well on its own. */
export const ROWS_PER_SEGMENT = 128;
/** Kept segments are made once per day and sent by every answer that holds them: worth a higher level. */
const SEGMENT_LEVEL = 6;

/**
 * A day's rows as UTF-8 bytes, each followed by a comma; row i spans starts[i] .. starts[i + 1] - 1.
 * Segment s (rows s * ROWS_PER_SEGMENT onwards, commas included) compressed on first use.
 */
interface DayBytes {
  block: Buffer;
  starts: Uint32Array;
  segments: (Promise<KeptSegment> | undefined)[];
}

/**
 * Per kept day (the object itself: a closed day's parsed trades, or one version of today's
 * payload), its rows' bytes, made on its first answer and gone with the day.
 */
const dayBytes = new WeakMap<RowDay, DayBytes>();

function bytesOf(day: RowDay): DayBytes {
  let b = dayBytes.get(day);
  if (b) return b;
  const n = day.trades.length;
  // The strings go once their bytes are made (the day keeps the bytes only).
  const rows = day.trades.map((t, i) => day.rows[i] ?? JSON.stringify(t));
  const block = Buffer.from(`${rows.join(',')},`);
  const starts = new Uint32Array(n + 1);
  let at = 0;
  // One byte per character for ASCII rows (every stored trade so far); otherwise count the bytes.
  const ascii = block.length === rows.reduce((s, r) => s + r.length + 1, 0);
  for (let i = 0; i < n; i += 1) {
    starts[i] = at;
    at += (ascii ? rows[i]!.length : Buffer.byteLength(rows[i]!)) + 1;
  }
  starts[n] = at;
  b = { block, starts, segments: [] };
  dayBytes.set(day, b);
  return b;
}

/** `make()`'s promise kept in `slots[i]`; a failed one is forgotten, so the next caller tries again. */
function keptUnlessFailed<T>(slots: (Promise<T> | undefined)[], i: number, make: () => Promise<T>): Promise<T> {
  let made = slots[i];
  if (!made) {
    made = make();
    slots[i] = made;
    made.catch(() => {
      if (slots[i] === made) slots[i] = undefined;
    });
  }
  return made;
}

const segmentOf = (b: DayBytes, s: number, plain: Buffer): Promise<KeptSegment> =>
  keptUnlessFailed(b.segments, s, () => keptSegment(plain, SEGMENT_LEVEL));

/** Every answer's first bytes, compressed once. */
const HEAD = Buffer.from('{"options_flow":[');
const headKept: (Promise<KeptSegment> | undefined)[] = [];
const headSegment = (): Promise<KeptSegment> => keptUnlessFailed(headKept, 0, () => keptSegment(HEAD, SEGMENT_LEVEL));

/** Rows first .. last (inclusive) of one day, in answer order. */
interface Run {
  day: DayBytes;
  first: number;
  last: number;
}

/**
 * A historical answer as the parts it is made of (issue 23): the runs of rows it copies from its
 * days' bytes between a head and a tail. Its JSON bytes are assembled only for a client that takes
 * them uncompressed (or as brotli); gzip is assembled from the days' kept segments, compressing
 * only what is not a whole segment (cut runs, the last row, the tail), so a one-off answer over
 * kept days costs a CRC and a copy instead of compressing ~4.4 MB.
 */
export class HistoricalAnswer {
  readonly byteLength: number;
  /** The share of the bytes found in whole kept segments (what gzip need not compress again). */
  readonly keptShare: number;
  private plain: Buffer | undefined;

  constructor(
    private readonly runs: readonly Run[],
    private readonly tail: Buffer,
  ) {
    let total = 0;
    let kept = 0;
    for (const part of this.parts(true)) {
      total += part.plain.length;
      if (part.kept) kept += part.plain.length;
    }
    this.byteLength = total;
    this.keptShare = kept / total;
  }

  /** The JSON bytes. */
  bytes(): Buffer {
    this.plain ??= Buffer.concat(
      this.parts(false).map((p) => p.plain),
      this.byteLength,
    );
    return this.plain;
  }

  /** The JSON as one gzip member, in base64 (as Lambda returns binary bodies). */
  gzipBase64(): Promise<string> {
    return gzipBase64OfParts(this.parts(true));
  }

  /**
   * The answer's bytes in order: the head, each run (rows with their commas, whole segments
   * apart when `segments`), the last row without its comma, the tail.
   */
  private parts(segments: boolean): BodyPart[] {
    const out: BodyPart[] = [{ plain: HEAD, kept: headSegment }];
    this.runs.forEach(({ day, first, last }, k) => {
      const final = k === this.runs.length - 1;
      const { block, starts } = day;
      // Rows first .. upTo keep their commas; the answer's last row goes without.
      const upTo = final ? last - 1 : last;
      let row = first;
      if (!segments && row <= upTo) out.push({ plain: block.subarray(starts[row]!, starts[upTo + 1]!) });
      else
        while (row <= upTo) {
          const s = Math.floor(row / ROWS_PER_SEGMENT);
          const segFirst = s * ROWS_PER_SEGMENT;
          const segEnd = Math.min(segFirst + ROWS_PER_SEGMENT, starts.length - 1);
          const end = Math.min(segEnd, upTo + 1);
          const plain = block.subarray(starts[row]!, starts[end]!);
          out.push(row === segFirst && end === segEnd ? { plain, kept: () => segmentOf(day, s, plain) } : { plain });
          row = end;
        }
      if (final) out.push({ plain: block.subarray(starts[last]!, starts[last + 1]! - 1) });
    });
    out.push({ plain: this.tail });
    return out;
  }
}

/**
 * The historical flow answer built while the search finds its rows (issue 23): consecutive rows of
 * a day are one run of its bytes, and the key stats and premium lists are summed in the same pass.
 * Joining 10,000 row strings into one 4.4 MB string and encoding it again for the compressor cost
 * more CPU (and garbage collection) than finding the rows did. The bytes are exactly
 * JSON.stringify({ options_flow, largest_call_premiums, largest_put_premiums, key_stats, capped,
 * scanned, first_date }).
 */
export class HistoricalAnswerWriter {
  private readonly runs: Run[] = [];
  private lastDay: RowDay | null = null;
  private rowCount = 0;
  private readonly stats = new FlowStats();

  /** Adds the day's i-th row as the next row (newest first). */
  add(day: RowDay, i: number): void {
    const run = this.runs[this.runs.length - 1];
    if (run && this.lastDay === day && run.last === i - 1) run.last = i;
    else this.runs.push({ day: bytesOf(day), first: i, last: i });
    this.lastDay = day;
    this.rowCount += 1;
    this.stats.add(day.trades[i]!);
  }

  get count(): number {
    return this.rowCount;
  }

  finish(tail: HistoricalTail): HistoricalAnswer {
    const s = this.stats;
    const rest = JSON.stringify({
      largest_call_premiums: s.largestPremiums('Call'),
      largest_put_premiums: s.largestPremiums('Put'),
      key_stats: s.keyStats(),
      ...tail,
    });
    return new HistoricalAnswer(this.runs, Buffer.from(`],${rest.slice(1)}`));
  }
}
