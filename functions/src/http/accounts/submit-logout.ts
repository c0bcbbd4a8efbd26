import { logout } from '../../domain/accounts/session-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { forgetSession } from '../../platform/identity-authenticator.ts';
import { accountDeps } from './account-deps.ts';

export const handler = defineHandler('submit_logout', async ({ body, caller, event }) => {
  const out = await logout(accountDeps(event), caller, body?.refresh_token);
  if (caller?.tokenId) forgetSession(caller.tokenId);
  return out;
});
