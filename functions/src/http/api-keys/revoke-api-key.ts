import { defineHandler } from '../../lib/http.ts';
import { revokeApiKey } from './api-key-service.ts';

export const handler = defineHandler('revoke_api_key', async ({ caller, body, log }) => {
  const out = await revokeApiKey(caller!.userId, body.id);
  log.info('api key revoked', { userId: caller!.userId, keyId: body.id });
  return out;
});
