import { alertBody } from '@tapewatch/shared/api/alert';
import { updatePassword } from '../../domain/accounts/session-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { accountDeps } from './account-deps.ts';

export const handler = defineHandler('update_password', async ({ body, event }) =>
  alertBody(await updatePassword(accountDeps(event), body)),
);
