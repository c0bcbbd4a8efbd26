import { defineHandler } from '../../lib/http.ts';
import { createApiKey } from './api-key-service.ts';

export const handler = defineHandler('create_api_key', async ({ caller, body, log }) => {
  const created = await createApiKey(caller!.userId, caller!.subscription, body.name);
  log.info('api key created', { userId: caller!.userId, keyId: created.key.id });
  return created;
});
