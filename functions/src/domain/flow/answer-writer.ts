import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { FlowStats } from '@tapewatch/shared/flow/key-stats';

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

/** A day's rows as UTF-8 bytes, each followed by a comma; row i spans starts[i] .. starts[i + 1] - 1. */
interface DayBytes {
  block: Buffer;
  starts: Uint32Array;
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
  b = { block, starts };
  dayBytes.set(day, b);
  return b;
}

/**
 * The historical flow answer built as bytes while the search finds its rows (issue 23): the rows
 * are copied from their day's bytes (consecutive rows of a day in one copy) and the key stats and
 * premium lists are summed in the same pass. Joining 10,000 row strings into one 4.4 MB string
 * and encoding it again for the compressor cost more CPU (and garbage collection) than finding
 * the rows did. The bytes are exactly JSON.stringify({ options_flow, largest_call_premiums,
 * largest_put_premiums, key_stats, capped, scanned, first_date }).
 */
export class HistoricalAnswerWriter {
  /** Runs of consecutive rows: block, first byte, end byte (the trailing comma excluded). */
  private readonly blocks: Buffer[] = [];
  private readonly spans: number[] = [];
  private lastDay: RowDay | null = null;
  private lastIndex = -1;
  private bytes = 0;
  private rowCount = 0;
  private readonly stats = new FlowStats();

  /** Adds the day's i-th row as the next row (newest first). */
  add(day: RowDay, i: number): void {
    const b = bytesOf(day);
    const end = b.starts[i + 1]! - 1;
    if (this.lastDay === day && this.lastIndex === i - 1) {
      this.bytes += end - this.spans[this.spans.length - 1]!;
      this.spans[this.spans.length - 1] = end;
    } else {
      this.blocks.push(b.block);
      this.spans.push(b.starts[i]!, end);
      this.bytes += end - b.starts[i]!;
    }
    this.lastDay = day;
    this.lastIndex = i;
    this.rowCount += 1;
    this.stats.add(day.trades[i]!);
  }

  get count(): number {
    return this.rowCount;
  }

  finish(tail: HistoricalTail): Buffer {
    const s = this.stats;
    const rest = JSON.stringify({
      largest_call_premiums: s.largestPremiums('Call'),
      largest_put_premiums: s.largestPremiums('Put'),
      key_stats: s.keyStats(),
      ...tail,
    });
    const head = '{"options_flow":[';
    const end = `],${rest.slice(1)}`;
    // Runs are joined by commas (a run's own rows keep theirs).
    const commas = Math.max(0, this.blocks.length - 1);
    const out = Buffer.allocUnsafe(head.length + this.bytes + commas + Buffer.byteLength(end));
    let at = out.write(head, 0, 'latin1');
    for (let k = 0; k < this.blocks.length; k += 1) {
      if (k > 0) out[at++] = 0x2c;
      at += this.blocks[k]!.copy(out, at, this.spans[2 * k]!, this.spans[2 * k + 1]!);
    }
    out.write(end, at);
    return out;
  }
}
