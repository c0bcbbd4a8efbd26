import { confirmPassword } from '../../domain/accounts/session-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { accountDeps, clientIp } from '../accounts/account-deps.ts';
import { createApiKey } from './api-key-service.ts';

export const handler = defineHandler('create_api_key', async ({ caller, body, event, log }) => {
  // A key acts for the account: a session left open on a shared computer must not mint one.
  await confirmPassword(accountDeps(event), caller!, body.password, clientIp(event));
  const created = await createApiKey(caller!.userId, caller!.subscription, body.name);
  log.info('api key created', { userId: caller!.userId, keyId: created.key.id });
  return created;
});
