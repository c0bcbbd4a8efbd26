/**
 * Seeded randomness for the demo generators. Everything is a pure function of its inputs so any
 * generated day can be rebuilt on its own: instead of threading one stream through a whole run,
 * each draw is keyed by a hash of (seed, what it is for, symbol, date, ...). Adding a ticker or a
 * day therefore never shifts the numbers of another ticker or day.
 */

export type SeedPart = string | number;

import { mulberry32 } from './random.ts';

/** The analytics library's mulberry32, re-exported: one generator for k-means and the demo. */
export { mulberry32 };

/**
 * cyrb53-style string hash folded to 32 bits. Two independent 32-bit lanes keep collisions rare
 * for the short keys used here (seed|SPY|2024-03-08|...).
 */
export function hashString(text: string, salt = 0): number {
  lane1 = 0xdeadbeef ^ salt;
  lane2 = 0x41c6ce57 ^ salt;
  feed(text);
  return finish();
}

// The two lanes of the hash being computed. Module state, not an object per call: seedFrom runs for
// every generated contract and print (hundreds of thousands a backfill), and its allocations were
// most of its cost. Single-threaded and never re-entered, so one pair suffices.
let lane1 = 0;
let lane2 = 0;
function feed(text: string): void {
  let h1 = lane1;
  let h2 = lane2;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  lane1 = h1;
  lane2 = h2;
}
function finish(): number {
  const h1 = Math.imul(lane1 ^ (lane1 >>> 16), 2246822507) ^ Math.imul(lane2 ^ (lane2 >>> 13), 3266489909);
  const h2 = Math.imul(lane2 ^ (lane2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}
const SEPARATOR = 124; // '|'

/** murmur3 finalizer: spreads nearby integers (consecutive days) over the whole 32-bit range. */
export function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** One 32-bit seed from any list of parts; '|' keeps ('ab','c') and ('a','bc') apart. */
export function seedFrom(...parts: readonly SeedPart[]): number {
  // The hash of parts.join('|'), fed part by part without building the joined string.
  lane1 = 0xdeadbeef;
  lane2 = 0x41c6ce57;
  for (let i = 0; i < parts.length; i += 1) {
    if (i > 0) {
      lane1 = Math.imul(lane1 ^ SEPARATOR, 2654435761);
      lane2 = Math.imul(lane2 ^ SEPARATOR, 1597334677);
    }
    const part = parts[i]!;
    feed(typeof part === 'string' ? part : String(part));
  }
  return finish();
}

/** A generator seeded by the parts, for code that needs several draws for one key. */
export function rngFrom(...parts: readonly SeedPart[]): () => number {
  return mulberry32(seedFrom(...parts));
}

/** Standard normal by Box-Muller; 1 - u keeps log() away from 0. */
export function normal(rng: () => number): number {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** exp(mu + sigma * Z). */
export function lognormal(rng: () => number, mu: number, sigma: number): number {
  return Math.exp(mu + sigma * normal(rng));
}

/**
 * Student-t with `df` degrees of freedom (integer >= 1), as Z / sqrt(chi2/df). Market innovations
 * have fatter tails than a normal; df 4-6 is the usual fit for daily changes.
 */
export function studentT(rng: () => number, df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`studentT: df must be a positive integer, got ${df}`);
  let chi2 = 0;
  for (let i = 0; i < df; i += 1) chi2 += normal(rng) ** 2;
  return normal(rng) / Math.sqrt(chi2 / df);
}

/** Student-t rescaled to unit variance (df > 2), so it can replace a standard normal. */
export function unitStudentT(rng: () => number, df: number): number {
  if (!(df > 2)) throw new RangeError(`unitStudentT: df must exceed 2, got ${df}`);
  return studentT(rng, df) * Math.sqrt((df - 2) / df);
}

/** Uniform [0,1) keyed by the parts. */
export function hashUnit(...parts: readonly SeedPart[]): number {
  return mulberryDraw(seedFrom(...parts), 1);
}

/** Standard normal keyed by the parts (Box-Muller on the first two draws, as `normal`). */
export function hashNormal(...parts: readonly SeedPart[]): number {
  return normalOfSeed(seedFrom(...parts));
}

/** `normal(mulberry32(seed))` without making the generator (Box-Muller on its first two draws). */
export function normalOfSeed(seed: number): number {
  const u = 1 - mulberryDraw(seed, 1);
  const v = mulberryDraw(seed, 2);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** The n-th value (1-based) of mulberry32(seed), without making the generator. */
export function mulberryDraw(seed: number, n: number): number {
  let t = ((seed >>> 0) + n * 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Picks an item by weight; `u` in [0,1). */
export function pickWeighted<T>(items: ReadonlyArray<readonly [T, number]>, u: number): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  for (const [item, w] of items) {
    acc += w / total;
    if (u < acc) return item;
  }
  const last = items.at(-1);
  if (!last) throw new RangeError('pickWeighted: no items');
  return last[0];
}

export const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
export const logit = (p: number): number => Math.log(p / (1 - p));
export const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * Value at integer step `t` of a stationary AR(1) x_t = phi x_{t-1} + sqrt(1-phi^2) sd e_t, computed
 * without a running state as its moving-average form sum_k phi^k sqrt(1-phi^2) sd e_{t-k}, truncated
 * where phi^k is negligible (weight of the dropped tail in the variance: phi^(2K) < 1e-4). Each e_t is
 * keyed by (key, t), so x_t for any t is the same whether computed alone or inside a long run, and
 * consecutive values share all but one innovation -> lag-1 autocorrelation phi.
 */
export function stationaryAr1(
  key: string,
  t: number,
  phi: number,
  sd: number,
  innovation: (rng: () => number) => number = normal,
): number {
  if (!(phi >= 0 && phi < 1)) throw new RangeError(`stationaryAr1: phi must be in [0,1), got ${phi}`);
  const terms = phi === 0 ? 1 : Math.min(400, Math.ceil(Math.log(1e-4) / (2 * Math.log(phi))) + 1);
  const scale = Math.sqrt(1 - phi * phi) * sd;
  // Key hashed once; each step's seed is an integer mix of it (hot loop: no string work per term).
  const base = hashString(key);
  let x = 0;
  let w = 1;
  for (let k = 0; k < terms; k += 1) {
    x += w * innovation(mulberry32(mix32(base ^ Math.imul(t - k, 0x9e3779b1))));
    w *= phi;
  }
  return x * scale;
}

/**
 * Smooth random drift at real position `x`: standard-normal values at knots every `spacing` steps,
 * joined with a smoothstep, so consecutive steps differ by a small fraction of the knot spread.
 * Cheaper than a long AR sum when only slow movement is wanted (open interest from day to day).
 */
export function smoothNoise(key: string, x: number, spacing: number): number {
  const pos = x / spacing;
  const i = Math.floor(pos);
  const f = pos - i;
  const s = f * f * (3 - 2 * f);
  const a = hashNormal(key, i);
  const b = hashNormal(key, i + 1);
  // Rescale so the variance stays ~1 mid-way between knots (a plain blend would dip to 0.5).
  return (a * (1 - s) + b * s) / Math.sqrt((1 - s) ** 2 + s ** 2);
}
