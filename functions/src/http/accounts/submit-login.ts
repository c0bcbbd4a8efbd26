import { login } from '../../domain/accounts/session-flow.ts';
import { defineHandler, HttpResult } from '../../lib/http.ts';
import { accountDeps, clientIp } from './account-deps.ts';

export const handler = defineHandler('submit_login', async ({ body, event }) => {
  const out = await login(accountDeps(event), body, clientIp(event));
  return new HttpResult(out.body, out.status);
});
