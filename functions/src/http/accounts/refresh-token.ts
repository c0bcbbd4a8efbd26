import { refreshSession } from '../../domain/accounts/session-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { accountDeps } from './account-deps.ts';

export const handler = defineHandler('refresh_token', async ({ body, event }) =>
  refreshSession(accountDeps(event), body.refresh_token),
);
