import { it } from 'vitest';
import { generateCboeOptionChain } from './index.ts';
import { parseCboeOptionChain } from '../cboe/option-chain.ts';
it('smoke', () => {
  for (let i = 0; i < 3; i += 1) {
    const t0 = Date.now();
    const txt = generateCboeOptionChain('SPY', '2024-03-08', 511.72, 7 + i, { vix: 14.74, previousSpot: 514.81 });
    const t1 = Date.now();
    const rep = parseCboeOptionChain(JSON.parse(txt));
    const oi = rep.rows.reduce((s, r) => s + (r.openInterest ?? 0), 0);
    const vol = rep.rows.reduce((s, r) => s + (r.volume ?? 0), 0);
    const pc = rep.rows.filter((r) => r.type === 'put').reduce((s, r) => s + (r.openInterest ?? 0), 0) / rep.rows.filter((r) => r.type === 'call').reduce((s, r) => s + (r.openInterest ?? 0), 0);
    console.log(t1 - t0, 'ms gen', Date.now() - t1, 'ms parse', oi, vol, pc.toFixed(2));
  }
});
