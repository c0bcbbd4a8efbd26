import { checkPasswordToken } from '../../domain/accounts/session-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { accountDeps } from './account-deps.ts';

export const handler = defineHandler('get_password_token_confirmation', async ({ body, event }) =>
  checkPasswordToken(accountDeps(event), body.token),
);
