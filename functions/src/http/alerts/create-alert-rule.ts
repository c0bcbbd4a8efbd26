import { defineHandler } from '../../lib/http.ts';
import { createRule } from './alert-service.ts';

export const handler = defineHandler('create_alert_rule', async ({ caller, body }) => ({
  rule: await createRule(caller!.userId, body),
}));
