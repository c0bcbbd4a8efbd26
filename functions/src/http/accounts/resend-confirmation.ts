import { alertBody } from '@tapewatch/shared/api/alert';
import { resendConfirmation } from '../../domain/accounts/signup-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { accountDeps, clientIp } from './account-deps.ts';

export const handler = defineHandler('resend_confirmation', async ({ body, event }) =>
  alertBody(await resendConfirmation(accountDeps(event), body.email, clientIp(event))),
);
