/** An unsigned JWT-shaped token whose exp lies `secondsFromNow` ahead (negative = expired). */
export function fakeJwt(secondsFromNow: number, subject = 'user-1'): string {
  const enc = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc({ sub: subject, exp: Math.floor(Date.now() / 1000) + secondsFromNow })}.c2ln`;
}
