import { AlertHistoryRepository } from '../../data/alert-history-repository.ts';
import { documentClient } from '../../data/client.ts';
import { defineHandler } from '../../lib/http.ts';

export const handler = defineHandler('get_alert_history', async ({ caller, query }) =>
  new AlertHistoryRepository(documentClient()).list(caller!.userId, query.rule_id, query.before),
);
