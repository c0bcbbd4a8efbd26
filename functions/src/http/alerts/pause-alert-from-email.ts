import { AlertRulesRepository } from '../../data/alert-rules-repository.ts';
import { documentClient } from '../../data/client.ts';
import { verifyPauseLink } from '../../domain/alerts/pause-link.ts';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { alertLinkSecret } from '../../platform/alert-link-secret.ts';
import { setStatus } from './alert-service.ts';

export const handler = defineHandler('pause_alert_from_email', async ({ body }) => {
  const secret = await alertLinkSecret();
  if (!secret) throw new ServiceUnavailableError('Alert email links are not configured on this server.');
  const claim = verifyPauseLink(body.token, secret);
  if (!claim) throw new BadRequestError('This pause link is not valid. Open the Alerts page to pause the alert there.');
  const rule = await new AlertRulesRepository(documentClient()).get(claim.userId, claim.ruleId);
  if (!rule) throw new NotFoundError('This alert was deleted, so it sends no more emails.');
  if (rule.status === 'paused') return { rule_name: rule.name, status: 'already_paused' as const };
  await setStatus(claim.userId, claim.ruleId, 'paused', 'email');
  return { rule_name: rule.name, status: 'paused' as const };
});
