import { alertBody } from '@tapewatch/shared/api/alert';
import { confirmEmail } from '../../domain/accounts/signup-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { accountDeps } from './account-deps.ts';

export const handler = defineHandler('get_token_confirmation', async ({ body, event }) =>
  alertBody(await confirmEmail(accountDeps(event), body.token)),
);
