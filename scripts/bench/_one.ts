import { fitArima } from '../../functions/src/analytics/index.ts';
import { readBundle } from '../demo-data/load-demo.ts';
const y = readBundle().series.get('SPY')!.close.slice(-500);
const g = globalThis as any; g.__dbg=1;
const [p,d,q]=process.argv.slice(2).map(Number);
for (const ng of [1,0]) { g.__nograd=ng; g.__nf=0; g.__ng=0;
  const r=fitArima(y,{p,d,q,trend:d===0?'c':'n'});
  console.log('nograd',ng,'f',g.__nf,'fg',g.__ng,'llf',r.llf.toFixed(5), JSON.stringify(r.params), r.warnings.map(w=>w.slice(0,60)));
}
