import { alertBody } from '@tapewatch/shared/api/alert';
import { deleteAccount } from '../../domain/accounts/session-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { forgetSession } from '../../platform/identity-authenticator.ts';
import { accountDeps } from './account-deps.ts';

/** POST only (a GET link must never delete an account); the router answers GET with 405 and an alert. */
export const handler = defineHandler('delete_user', async ({ caller, event }) => {
  const message = await deleteAccount(accountDeps(event), caller!);
  forgetSession(caller!.tokenId ?? '');
  return alertBody(message);
});
