import { dtwKmeans } from '@tapewatch/functions/analytics/dtw-kmeans';
import { kmeans } from '@tapewatch/functions/analytics/index';
import { defaultWindows } from './dtw-kmeans.ts';
const w = defaultWindows();
const d: number[] = [],
  e: number[] = [];
for (let i = 0; i < 25; i++) {
  let t = performance.now();
  dtwKmeans(w, 8, { features: 2, band: 1, seed: 42, maxIter: 10, nInit: 4 });
  d.push(performance.now() - t);
  t = performance.now();
  kmeans(w, 8, { seed: 42, maxIter: 10, nInit: 4 });
  e.push(performance.now() - t);
}
d.sort((a, b) => a - b);
e.sort((a, b) => a - b);
console.log(
  'dtw med',
  d[12]!.toFixed(1),
  'min',
  d[0]!.toFixed(1),
  '| euc med',
  e[12]!.toFixed(1),
  'min',
  e[0]!.toFixed(1),
  '| ratio med',
  (d[12]! / e[12]!).toFixed(1),
);
