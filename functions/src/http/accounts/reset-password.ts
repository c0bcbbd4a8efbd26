import { alertBody } from '@tapewatch/shared/api/alert';
import { requestPasswordReset } from '../../domain/accounts/session-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { accountDeps, clientIp } from './account-deps.ts';

export const handler = defineHandler('reset_password', async ({ body, event }) =>
  alertBody(await requestPasswordReset(accountDeps(event), body.email, clientIp(event))),
);
