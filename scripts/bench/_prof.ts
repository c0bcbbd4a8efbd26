import { createRequire } from 'node:module';
import { fitArima } from '../../functions/src/analytics/index.ts';
import * as est from '../../functions/src/analytics/arima-estimate.ts';
import * as cov from '../../functions/src/analytics/arima-covariance.ts';
import { readBundle } from '../demo-data/load-demo.ts';
const y = readBundle().series.get('SPY')!.close.slice(-500);
const orders = [[1,0,0],[5,1,0],[1,1,1],[2,1,2],[3,1,3],[5,1,5]];
for (const [p,d,q] of orders) {
  const trend = d===0?'c':'n';
  fitArima(y,{p,d,q,trend});
  const ts:number[]=[];
  for (let i=0;i<3;i++){const t0=performance.now(); const r=fitArima(y,{p,d,q,trend}); ts.push(performance.now()-t0); if(i==0) console.log(p,d,q,'llf',r.llf.toFixed(4),'conv',r.converged, r.warnings.length)}
  ts.sort((a,b)=>a-b); console.log(' ms',ts[1].toFixed(1));
}
