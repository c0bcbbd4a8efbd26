import { documentClient } from '../../data/client.ts';
import { PushSubscriptionsRepository } from '../../data/push-subscriptions-repository.ts';
import { defineHandler } from '../../lib/http.ts';
import { vapidPublicKey } from '../../platform/web-push.ts';

export const handler = defineHandler('get_push_config', async ({ caller }) => {
  const publicKey = vapidPublicKey();
  const subscriptions = publicKey
    ? (await new PushSubscriptionsRepository(documentClient()).list(caller!.userId)).length
    : 0;
  return { enabled: publicKey !== null, public_key: publicKey, subscriptions };
});
