import { armaScore } from '../../functions/src/analytics/arma-kalman-gradient.ts';
import { filterArma, stationaryCovariance } from '../../functions/src/analytics/arma-kalman.ts';
import { constrainStationary } from '../../functions/src/analytics/arma-params.ts';
import { readBundle } from '../demo-data/load-demo.ts';
const yl = readBundle().series.get('SPY')!.close.slice(-500);
const w = yl.slice(1).map((v,i)=>v-yl[i]!);
let seed=1; const rnd=()=>{seed=(seed*16807)%2147483647;return seed/2147483647;};
for (const [p,q] of [[1,0],[0,1],[1,1],[2,2],[5,0],[0,5],[3,3],[5,5],[2,4]]) for (let rep=0;rep<3;rep++){
  const phi=constrainStationary(Array.from({length:p},()=>rnd()*2-1));
  const theta=constrainStationary(Array.from({length:q},()=>rnd()*2-1)).map(v=>-v);
  if (p===5&&q===0&&rep<2 || p===5&&q===5) { const f=filterArma([w],phi,theta); console.log(p,q,phi,theta, 'F', f && Array.from(f.F.slice(0,8)), stationaryCovariance(phi,theta)?.slice(0,6)); console.log(armaScore(w,phi,theta)); }
}
