import { dtwKmeans } from '@tapewatch/functions/analytics/dtw-kmeans';
import { kmeans } from '@tapewatch/functions/analytics/index';
import { defaultWindows } from './dtw-kmeans.ts';
const w = defaultWindows();
for (let s = 40; s < 46; s++) {
  const r = dtwKmeans(w, 8, { features: 2, band: 1, seed: s, maxIter: 50, nInit: 1 });
  const e = kmeans(w, 8, { seed: s, maxIter: 50, nInit: 1 });
  console.log(
    s,
    'dtw it',
    r.iterations,
    r.inertia.toFixed(1),
    'euc it',
    e.iterations,
    e.inertiaTrace.map((x) => x.toFixed(0)).join(' '),
  );
}
