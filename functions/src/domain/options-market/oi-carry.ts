/**
 * Open interest carried from earlier sessions' prints: the net openings (openings - closings) of every
 * session so far, summed per contract and kept per underlying; a contract drops out once it has
 * expired. The options market of a day adds a contract's carried openings to its starting profile
 * (market.ts `netOpenings`, never below zero), so the next day's open interest moves with the prints.
 */

// A compact OCC symbol ends in YYMMDD, C/P and an 8-digit strike: 15 characters after the root.
const OCC_TAIL = 15;
const rootOf = (symbol: string): string => symbol.slice(0, -OCC_TAIL);
const expiryOf = (symbol: string): string => {
  const d = symbol.slice(-OCC_TAIL, -OCC_TAIL + 6);
  return `20${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4, 6)}`;
};

export class OpenInterestCarry {
  private readonly byRoot = new Map<string, Map<string, number>>();

  /** Adds one session's net openings per OCC symbol. */
  add(nets: Iterable<readonly [string, number]>): void {
    for (const [symbol, net] of nets) {
      const root = rootOf(symbol);
      let m = this.byRoot.get(root);
      if (!m) this.byRoot.set(root, (m = new Map()));
      const sum = (m.get(symbol) ?? 0) + net;
      if (sum === 0) m.delete(symbol);
      else m.set(symbol, sum);
    }
  }

  /** Drops the contracts that expired before `date` (a contract still trades on its expiry day). */
  dropExpiredBefore(date: string): void {
    for (const [root, m] of this.byRoot) {
      for (const symbol of m.keys()) if (expiryOf(symbol) < date) m.delete(symbol);
      if (m.size === 0) this.byRoot.delete(root);
    }
  }

  /** The carried openings of one underlying's contracts (a live view: it changes with `add`). */
  of(root: string): ReadonlyMap<string, number> {
    return this.byRoot.get(root.toUpperCase()) ?? EMPTY;
  }

  /** A copy that later `add`s and drops to this one leave alone. */
  clone(): OpenInterestCarry {
    const out = new OpenInterestCarry();
    for (const [root, m] of this.byRoot) out.byRoot.set(root, new Map(m));
    return out;
  }

  /** Contracts carried, over every underlying. */
  get size(): number {
    let n = 0;
    for (const m of this.byRoot.values()) n += m.size;
    return n;
  }
}

const EMPTY: ReadonlyMap<string, number> = new Map();

/** Where stored sessions' net openings come from (the flow table's repository). */
export interface NetOpeningsSource {
  /** Sessions after `from` (all when null) through `to`, oldest first. */
  readBetween(from: string | null, to: string): Promise<Array<{ date: string; nets: Array<[string, number]> }>>;
}

/**
 * The carried open interest at the start of a day: every stored day's net openings before it, with
 * expired contracts dropped. Kept between calls and moved forward by reading only the days since the
 * last call (the flow ingest asks day after day; a chain asks for today), read from the start again
 * when asked for an earlier day. Calls are serialised; the carry returned is valid until the next call
 * for another date (copy what must outlive it).
 */
export class CarryReader {
  private carry = new OpenInterestCarry();
  private through: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly repo: NetOpeningsSource) {}

  at(date: string): Promise<OpenInterestCarry> {
    const run = this.queue.then(() => this.advance(date));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async advance(date: string): Promise<OpenInterestCarry> {
    if (this.through === date) return this.carry;
    if (this.through !== null && date < this.through) {
      this.carry = new OpenInterestCarry();
      this.through = null;
    }
    for (const day of await this.repo.readBetween(this.through, date)) this.carry.add(day.nets);
    this.carry.dropExpiredBefore(date);
    this.through = date;
    return this.carry;
  }
}
