import { fitArima } from '../../functions/src/analytics/index.ts';
import * as E from '../../functions/src/analytics/arima-estimate.ts';
import { readBundle } from '../demo-data/load-demo.ts';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const ARIMA = require('arima');
const y = readBundle().series.get('SPY')!.close.slice(-500);
const g = globalThis as any;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const orders = (process.argv[2] ? [process.argv.slice(2).map(Number)] : [[1,0,0],[5,1,0],[1,1,1],[2,1,2],[3,1,3],[5,1,5]]);
for (const [p,d,q] of orders) {
  const trend = d===0?'c':'n';
  const ours:number[]=[]; const pk:number[]=[]; let nf=0, ng=0, llf=0;
  for (let i=0;i<5;i++){
    g.__nf=0; g.__ng=0;
    let t0=cpu(); const r=fitArima(y,{p,d,q,trend}); r.forecast(20); ours.push(cpu()-t0); nf=g.__nf; ng=g.__ng; llf=r.llf;
    t0=cpu(); new ARIMA({p,d,q,verbose:false}).train(y).predict(20); pk.push(cpu()-t0);
  }
  const med=(a:number[])=>[...a].sort((x,y)=>x-y)[2]!;
  console.log(`(${p},${d},${q}) ours ${med(ours).toFixed(1)}ms pkg ${med(pk).toFixed(1)}ms ratio ${(med(ours)/med(pk)).toFixed(2)} f ${nf} fg ${ng} llf ${llf.toFixed(4)}`);
}
