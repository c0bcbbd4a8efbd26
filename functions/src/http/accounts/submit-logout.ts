import { logout } from '../../domain/accounts/session-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { accountDeps } from './account-deps.ts';

export const handler = defineHandler('submit_logout', async ({ body, caller, event }) =>
  logout(accountDeps(event), caller, body?.refresh_token),
);
