import { dtwSq, dtwWorkspace, lbKeogh, envelopeInto } from '@tapewatch/functions/analytics/dtw-banded';
const a = Float64Array.from({ length: 4000 }, () => Math.random());
const ws = dtwWorkspace(10);
let s = 0;
for (let rep = 0; rep < 3; rep++) {
  let t = performance.now();
  for (let i = 0; i < 1_000_000; i++) s += dtwSq(a, (i * 7) % 3900, a, (i * 13) % 3900, 10, 1, Infinity, ws);
  console.log('1M dtwSq', (performance.now() - t).toFixed(0), 'ms');
  const up = new Float64Array(10),
    lo = new Float64Array(10);
  envelopeInto(a, 0, 10, 1, up, lo, 0);
  t = performance.now();
  for (let i = 0; i < 1_000_000; i++) s += lbKeogh(a, (i * 7) % 3900, up, lo, 0, 10, Infinity);
  console.log('1M lb', (performance.now() - t).toFixed(0), 'ms');
}
console.log(s > 0);
