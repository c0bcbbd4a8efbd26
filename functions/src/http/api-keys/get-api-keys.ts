import { defineHandler } from '../../lib/http.ts';
import { listApiKeys } from './api-key-service.ts';

export const handler = defineHandler('get_api_keys', async ({ caller }) =>
  listApiKeys(caller!.userId, caller!.subscription),
);
