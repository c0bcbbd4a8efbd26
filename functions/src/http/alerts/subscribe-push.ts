import { documentClient } from '../../data/client.ts';
import { PushSubscriptionsRepository } from '../../data/push-subscriptions-repository.ts';
import { ServiceUnavailableError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { vapidPublicKey } from '../../platform/web-push.ts';

export const handler = defineHandler('subscribe_push', async ({ caller, body }) => {
  // Without keys nothing would ever be sent to it: refuse rather than store a dead subscription.
  if (!vapidPublicKey()) throw new ServiceUnavailableError('Browser notifications are not configured on this server.');
  const repo = new PushSubscriptionsRepository(documentClient());
  await repo.put(caller!.userId, { endpoint: body.endpoint, keys: body.keys });
  return { subscribed: true as const, subscriptions: (await repo.list(caller!.userId)).length };
});
