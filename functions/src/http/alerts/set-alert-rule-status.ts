import { defineHandler } from '../../lib/http.ts';
import { setStatus } from './alert-service.ts';

export const handler = defineHandler('set_alert_rule_status', async ({ caller, body }) => ({
  rule: await setStatus(caller!.userId, body.id, body.status),
}));
