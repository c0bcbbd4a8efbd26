import { defineHandler } from '../../lib/http.ts';
import { deleteRule } from './alert-service.ts';

export const handler = defineHandler('delete_alert_rule', async ({ caller, body }) =>
  deleteRule(caller!.userId, body.id),
);
