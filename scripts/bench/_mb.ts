import { armaScore } from '../../functions/src/analytics/arma-kalman-gradient.ts';
import { profileLikelihood } from '../../functions/src/analytics/arima-likelihood.ts';
import { readBundle } from '../demo-data/load-demo.ts';
const yl = readBundle().series.get('SPY')!.close.slice(-500);
const w = yl.slice(1).map((v,i)=>v-yl[i]!);
for (const [phi,theta] of [[[0.5],[]],[[0.3,0.2],[-0.5,0.1]],[[0.1,0.1,0.1,0.1,0.1],[0.1,0.1,0.1,0.1,-0.9]]] as [number[],number[]][]) {
  const spec={series:[w],p:phi.length,d:1,q:theta.length,diffuse:false};
  for (let rep=0;rep<6;rep++){
  let t0=performance.now(); for(let i=0;i<200;i++) profileLikelihood(spec,phi,theta,1); const a=(performance.now()-t0)/200;
  t0=performance.now(); for(let i=0;i<200;i++) armaScore(w,phi,theta); const b=(performance.now()-t0)/200;
  console.log(phi.length,theta.length,'f',a.toFixed(3),'fg',b.toFixed(3));}
}
