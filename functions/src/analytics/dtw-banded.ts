/**
 * The DTW kernel of DTW k-means: equal-length series stored in flat Float64Arrays, squared local
 * cost (the square of tslearn's `dtw`, so a band of 0 is the squared euclidean distance), a
 * Sakoe-Chiba band, early abandoning and an LB_Keogh lower bound. Nothing is validated or allocated
 * per call: callers validate once and pass a workspace sized for the longest series.
 */

/** Reusable rows and matrix (for the warping path of DBA) for series of up to `maxLen` points. */
export interface DtwWorkspace {
  readonly maxLen: number;
  prev: Float64Array;
  cur: Float64Array;
  /** (maxLen + 1)^2 cumulative costs, row-major, for `dtwPathInto`. */
  readonly matrix: Float64Array;
}

export function dtwWorkspace(maxLen: number): DtwWorkspace {
  return {
    maxLen,
    prev: new Float64Array(maxLen + 1),
    cur: new Float64Array(maxLen + 1),
    // The band-1 path keeps three cells a row.
    matrix: new Float64Array(Math.max((maxLen + 1) * (maxLen + 1), 3 * (maxLen + 1))),
  };
}

/**
 * Banded squared-cost DTW between a[ao, ao + len) and b[bo, bo + len). Returns Infinity as soon as
 * every cell of a row exceeds `abandonAbove` (every later path runs through that row), so a caller
 * comparing against a best-so-far can pass it and treat Infinity as "not better".
 */
export function dtwSq(
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  len: number,
  band: number,
  abandonAbove: number,
  ws: DtwWorkspace,
): number {
  if (band === 1) return dtwSqBand1(a, ao, b, bo, len, abandonAbove);
  let prev = ws.prev;
  let cur = ws.cur;
  // Only the cells a row reads outside the previous row's band are reset (no full fill per call).
  prev[0] = 0;
  const first = band + 1 < len ? band + 1 : len;
  for (let j = 1; j <= first; j++) prev[j] = Infinity;
  for (let i = 1; i <= len; i++) {
    const lo = i - band > 1 ? i - band : 1;
    const hi = i + band < len ? i + band : len;
    const x = a[ao + i - 1]!;
    // Left of the band: the row read next holds stale values from an earlier row or call.
    cur[lo - 1] = Infinity;
    let rowMin = Infinity;
    // Carried in registers: the cell to the left (this row) and the diagonal (the previous row).
    let left = Infinity;
    let diag = prev[lo - 1]!;
    for (let j = lo; j <= hi; j++) {
      const up = prev[j]!;
      const d = x - b[bo + j - 1]!;
      const v = d * d + Math.min(up, diag, left);
      cur[j] = v;
      diag = up;
      left = v;
      rowMin = Math.min(rowMin, v);
    }
    // The next row reads one column further right.
    if (hi < len) cur[hi + 1] = Infinity;
    if (rowMin > abandonAbove) return Infinity;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[len]!;
}

/**
 * `dtwSq` for a band of 1 (the clusters' band at lengths 5 and 10): each row has three cells, the
 * diagonal and its neighbours, kept in registers instead of rows in memory. The same sums and
 * minima in the same order, so the same result to the bit.
 */
function dtwSqBand1(a: Float64Array, ao: number, b: Float64Array, bo: number, len: number, abandonAbove: number) {
  // Row 0: (0, 0) = 0; every other cell of the boundary is infinite.
  let l = Infinity;
  let m = 0;
  let r = Infinity;
  for (let i = 1; i <= len; i++) {
    const x = a[ao + i - 1]!;
    let nl = Infinity;
    if (i > 1) {
      const d = x - b[bo + i - 2]!;
      nl = d * d + (m < l ? m : l);
    }
    const dm = x - b[bo + i - 1]!;
    const up = r < m ? r : m;
    const nm = dm * dm + (nl < up ? nl : up);
    let nr = Infinity;
    if (i < len) {
      const d = x - b[bo + i]!;
      nr = d * d + (r < nm ? r : nm);
    }
    l = nl;
    m = nm;
    r = nr;
    if (l > abandonAbove && m > abandonAbove && r > abandonAbove) return Infinity;
  }
  return m;
}

/** The band's upper and lower envelope of s[so, so + len), written at [eo, eo + len) (LB_Keogh). */
export function envelopeInto(
  s: Float64Array,
  so: number,
  len: number,
  band: number,
  upper: Float64Array,
  lower: Float64Array,
  eo: number,
): void {
  for (let i = 0; i < len; i++) {
    const from = i - band > 0 ? i - band : 0;
    const to = i + band < len - 1 ? i + band : len - 1;
    let u = -Infinity;
    let l = Infinity;
    for (let j = from; j <= to; j++) {
      const v = s[so + j]!;
      u = Math.max(u, v);
      l = Math.min(l, v);
    }
    upper[eo + i] = u;
    lower[eo + i] = l;
  }
}

/**
 * LB_Keogh: a lower bound of `dtwSq(q, c)` from c's envelope (every q_i is matched to some c_j
 * within the band, so it costs at least its squared distance to [lower_i, upper_i]). Stops summing
 * once the bound passes `abandonAbove`.
 */
export function lbKeogh(
  q: Float64Array,
  qo: number,
  upper: Float64Array,
  lower: Float64Array,
  eo: number,
  len: number,
  abandonAbove: number,
): number {
  let s = 0;
  for (let i = 0; i < len && s <= abandonAbove; i++) {
    const x = q[qo + i]!;
    const u = upper[eo + i]!;
    const l = lower[eo + i]!;
    // At most one side is outside the envelope.
    const d = x > u ? x - u : x < l ? l - x : 0;
    s += d * d;
  }
  return s;
}

/**
 * DBA step for one series: fills the full banded cost matrix between centre c[co, co + len) and
 * series s[so, so + len), walks the optimal warping path back from (len, len) and adds each s_j
 * aligned to c_i into sums[i] (counts[i] += 1). Ties prefer the diagonal, then the row above.
 */
export function dtwPathInto(
  c: Float64Array,
  co: number,
  s: Float64Array,
  so: number,
  len: number,
  band: number,
  ws: DtwWorkspace,
  sums: Float64Array,
  counts: Float64Array,
): void {
  if (band === 1) {
    pathBand1(c, co, s, so, len, ws, sums, counts);
    return;
  }
  const w = len + 1;
  const m = ws.matrix;
  // Only the cells next to the band are read outside it (by the recursion and the walk back).
  m[0] = 0;
  for (let j = 1; j <= len && j <= band + 1; j++) m[j] = Infinity;
  for (let i = 1; i <= len; i++) {
    const lo = i - band > 1 ? i - band : 1;
    const hi = i + band < len ? i + band : len;
    const x = c[co + i - 1]!;
    m[i * w + lo - 1] = Infinity;
    if (hi < len) m[i * w + hi + 1] = Infinity;
    for (let j = lo; j <= hi; j++) {
      const d = x - s[so + j - 1]!;
      m[i * w + j] = d * d + Math.min(m[(i - 1) * w + j]!, m[(i - 1) * w + j - 1]!, m[i * w + j - 1]!);
    }
  }
  let i = len;
  let j = len;
  for (;;) {
    sums[i - 1] = sums[i - 1]! + s[so + j - 1]!;
    counts[i - 1] = counts[i - 1]! + 1;
    if (i === 1 && j === 1) return;
    const diag = m[(i - 1) * w + j - 1]!;
    const up = m[(i - 1) * w + j]!;
    const left = m[i * w + j - 1]!;
    if (diag <= up && diag <= left) {
      i--;
      j--;
    } else if (up <= left) i--;
    else j--;
  }
}

/**
 * `dtwPathInto` for a band of 1: the three cells of row i (columns i - 1, i, i + 1) at
 * matrix[3i], [3i + 1], [3i + 2], and the same walk back with the same ties. The recursion repeats
 * dtwSqBand1's: sharing one row function through memory made the k-means 13% slower (measured).
 */
function pathBand1(
  c: Float64Array,
  co: number,
  s: Float64Array,
  so: number,
  len: number,
  ws: DtwWorkspace,
  sums: Float64Array,
  counts: Float64Array,
): void {
  const m = ws.matrix;
  m[0] = Infinity;
  m[1] = 0;
  m[2] = Infinity;
  for (let i = 1; i <= len; i++) {
    const x = c[co + i - 1]!;
    const o = 3 * i;
    const pl = m[o - 3]!;
    const pm = m[o - 2]!;
    const pr = m[o - 1]!;
    let nl = Infinity;
    if (i > 1) {
      const d = x - s[so + i - 2]!;
      nl = d * d + (pm < pl ? pm : pl);
    }
    const dm = x - s[so + i - 1]!;
    const up = pr < pm ? pr : pm;
    const nm = dm * dm + (nl < up ? nl : up);
    let nr = Infinity;
    if (i < len) {
      const d = x - s[so + i]!;
      nr = d * d + (pr < nm ? pr : nm);
    }
    m[o] = nl;
    m[o + 1] = nm;
    m[o + 2] = nr;
  }
  // Cell (i, j) of the band is m[3i + 1 + j - i]; outside it, infinite.
  let i = len;
  let j = len;
  for (;;) {
    sums[i - 1] = sums[i - 1]! + s[so + j - 1]!;
    counts[i - 1] = counts[i - 1]! + 1;
    if (i === 1 && j === 1) return;
    const k = j - i;
    const diag = m[3 * i - 2 + k]!;
    const up = k < 1 ? m[3 * i - 1 + k]! : Infinity;
    const left = k > -1 ? m[3 * i + k]! : Infinity;
    if (diag <= up && diag <= left) {
      i--;
      j--;
    } else if (up <= left) i--;
    else j--;
  }
}
