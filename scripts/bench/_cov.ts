import { fitArima } from '../../functions/src/analytics/index.ts';
import { observationScore, observationTerms, sumOf } from '../../functions/src/analytics/arima-likelihood.ts';
import { readBundle } from '../demo-data/load-demo.ts';
const y = readBundle().series.get('SPY')!.close.slice(-500);
const g = globalThis as any;
for (const [p,d,q,trend] of [[1,0,0,'c'],[1,1,1,'t'],[2,1,2,'n'],[2,0,1,'ct'],[5,1,5,'t']] as const) {
  g.__oldcov=1; const a=fitArima(y,{p,d,q,trend}); g.__oldcov=0; const b=fitArima(y,{p,d,q,trend});
  console.log(p,d,q,trend, Object.keys(a.bse).map(k=>k+':'+a.bse[k]!.toPrecision(5)+'/'+b.bse[k]!.toPrecision(5)).join(' '));
}
