import { defineHandler } from '../../lib/http.ts';
import { listRules } from './alert-service.ts';

export const handler = defineHandler('get_alert_rules', async ({ caller }) =>
  listRules(caller!.userId, caller!.subscription),
);
