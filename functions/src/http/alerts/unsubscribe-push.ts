import { documentClient } from '../../data/client.ts';
import { PushSubscriptionsRepository, pushSubscriptionId } from '../../data/push-subscriptions-repository.ts';
import { defineHandler } from '../../lib/http.ts';

export const handler = defineHandler('unsubscribe_push', async ({ caller, body }) => {
  const repo = new PushSubscriptionsRepository(documentClient());
  const id = pushSubscriptionId(body.endpoint);
  const before = await repo.list(caller!.userId);
  if (before.some((s) => s.id === id)) await repo.delete(caller!.userId, id);
  const subscriptions = before.filter((s) => s.id !== id).length;
  return { deleted: subscriptions < before.length, subscriptions };
});
