import { fitArima } from '../../functions/src/analytics/index.ts';
import { readBundle } from '../demo-data/load-demo.ts';
const y = readBundle().series.get('SPY')!.close.slice(-500);
const g = globalThis as any; g.__dbg=1;
for (const [p,d,q] of [[1,0,0],[5,1,0],[1,1,1],[2,1,2],[3,1,3],[5,1,5]]) {
  g.__nf=0; g.__ng=0; const t0=performance.now();
  const r=fitArima(y,{p,d,q,trend:d===0?'c':'n'});
  console.log(p,d,q,'f',g.__nf,'fg',g.__ng,'llf',r.llf.toFixed(5),'ms',(performance.now()-t0).toFixed(0), r.warnings.map(w=>w.slice(0,60)));
}
