import { documentClient } from '@tapewatch/functions/data/client';
import { SubscriptionsRepository } from '@tapewatch/functions/data/subscriptions-repository';
import { UsersRepository } from '@tapewatch/functions/data/users-repository';
import { LOCAL_BASIC_PRICE, localCustomerId, localSubscriptionId } from '@tapewatch/functions/platform/payments-local';
import { accountsClient } from './accounts-helpers.ts';

/** A confirmed, logged-in account of a running runtime, for payment and authorisation tests. */
export async function loggedInUser(baseUrl: string, username: string, password = 'Brisk-Lantern-42') {
  const api = accountsClient(baseUrl);
  const email = `${username}@example.com`;
  await api.signupAndConfirm(username, email, password);
  const login = await api.post('submit_login', { username_or_email: username, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const userId = await new UsersRepository(documentClient()).userIdForEmail(email);
  return { username, email, password, userId: userId!, token: login.body.token as string };
}

export const subsRepo = (): SubscriptionsRepository => new SubscriptionsRepository(documentClient());

export function subscriptionObject(userId: string, status: string, overrides: Record<string, unknown> = {}) {
  return {
    id: localSubscriptionId(userId),
    object: 'subscription',
    customer: localCustomerId(userId),
    status,
    metadata: { userId },
    items: { object: 'list', data: [{ price: { id: LOCAL_BASIC_PRICE } }] },
    ...overrides,
  };
}

export function completedSession(userId: string, overrides: Record<string, unknown> = {}) {
  return {
    id: `cs_test_${userId}`,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: userId,
    customer: localCustomerId(userId),
    subscription: localSubscriptionId(userId),
    payment_status: 'paid',
    ...overrides,
  };
}
