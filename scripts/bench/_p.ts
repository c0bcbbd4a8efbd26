import { dtwKmeans } from '@tapewatch/functions/analytics/dtw-kmeans';
import { defaultWindows } from './dtw-kmeans.ts';
const w = defaultWindows();
for (let i = 0; i < 30; i++) dtwKmeans(w, 8, { features: 2, band: 1, seed: 42, maxIter: 10, nInit: 4 });
