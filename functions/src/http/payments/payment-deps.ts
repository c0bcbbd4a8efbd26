import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { documentClient } from '../../data/client.ts';
import { SubscriptionsRepository } from '../../data/subscriptions-repository.ts';
import { payments } from '../../platform/payments.ts';

/** The product's own origin: checkout success/cancel and portal return pages live there. */
export function appBaseUrl(event: APIGatewayProxyEventV2): string {
  return (process.env.APP_BASE_URL ?? `https://${event.requestContext.domainName}`).replace(/\/$/, '');
}

export function paymentDeps(event: APIGatewayProxyEventV2) {
  const baseUrl = appBaseUrl(event);
  return {
    baseUrl,
    subs: new SubscriptionsRepository(documentClient()),
    payments: payments(baseUrl),
    now: () => new Date(),
  };
}
