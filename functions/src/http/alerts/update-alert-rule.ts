import { defineHandler } from '../../lib/http.ts';
import { updateRule } from './alert-service.ts';

export const handler = defineHandler('update_alert_rule', async ({ caller, body }) => ({
  rule: await updateRule(caller!.userId, body.id, body.rule),
}));
