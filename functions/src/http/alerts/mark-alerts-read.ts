import { AlertHistoryRepository } from '../../data/alert-history-repository.ts';
import { documentClient } from '../../data/client.ts';
import { defineHandler } from '../../lib/http.ts';

/** Ids are the caller's own sort keys inside their partition: nobody can mark another user's alerts. */
export const handler = defineHandler('mark_alerts_read', async ({ caller, body }) => {
  const repo = new AlertHistoryRepository(documentClient());
  const ids = body.ids ?? (await repo.list(caller!.userId)).alerts.filter((a) => !a.read).map((a) => a.id);
  await repo.markRead(caller!.userId, ids);
  return { unread: (await repo.list(caller!.userId)).unread };
});
