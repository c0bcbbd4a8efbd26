import { armaScore } from '../../functions/src/analytics/arma-kalman-gradient.ts';
import { profileLikelihood } from '../../functions/src/analytics/arima-likelihood.ts';
import { constrainStationary } from '../../functions/src/analytics/arma-params.ts';
import { readBundle } from '../demo-data/load-demo.ts';
const yl = readBundle().series.get('SPY')!.close.slice(-500);
const w = yl.slice(1).map((v,i)=>v-yl[i]!);
let seed=1; const rnd=()=>{seed=(seed*16807)%2147483647;return seed/2147483647;};
let worst=0;
for (const [p,q] of [[1,0],[0,1],[1,1],[2,2],[5,0],[0,5],[3,3],[5,5],[2,4]]) for (let rep=0;rep<3;rep++){
  const phi=constrainStationary(Array.from({length:p},()=>rnd()*2-1));
  const theta=constrainStationary(Array.from({length:q},()=>rnd()*2-1)).map(v=>-v);
  const spec={series:[w],p,d:1,q,diffuse:false};
  const s=armaScore(w,phi,theta)!;
  const base=profileLikelihood(spec,phi,theta,1)!;
  const x=[...phi,...theta];
  const nllAt=(xx:number[])=>profileLikelihood(spec,xx.slice(0,p),xx.slice(p),1)!.nll;
  let maxRel=0;
  for (let k=0;k<p+q;k++){const h=1e-5; const xp=[...x];xp[k]+=h;const xm=[...x];xm[k]-=h;
    const fd=(nllAt(xp)-nllAt(xm))/(2*h); const rel=Math.abs(fd-s.grad[k]!)/Math.max(1,Math.abs(fd)); maxRel=Math.max(maxRel,rel);}
  worst=Math.max(worst,maxRel);
  console.log(p,q,'nll diff',(s.nll-base.nll).toExponential(2),'grad rel',maxRel.toExponential(2));
}
console.log('worst',worst);
