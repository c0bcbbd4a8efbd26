import { alertBody } from '@tapewatch/shared/api/alert';
import { confirmPassword, deleteAccount } from '../../domain/accounts/session-flow.ts';
import { cancelActiveSubscription } from '../../domain/payments/cancel-on-delete.ts';
import { defineHandler } from '../../lib/http.ts';
import { forgetSession } from '../../platform/identity-authenticator.ts';
import { paymentDeps } from '../payments/payment-deps.ts';
import { accountDeps, clientIp } from './account-deps.ts';

/** POST only (a GET link must never delete an account); the router answers GET with 405 and an alert. */
export const handler = defineHandler('delete_user', async ({ caller, body, event }) => {
  const deps = accountDeps(event);
  await confirmPassword(deps, caller!, body.password, clientIp(event));
  // A paid plan is cancelled at the provider first: if that fails, the account stays (and can be
  // deleted again) rather than leaving a subscription billing a user who no longer exists.
  const pay = paymentDeps(event);
  await cancelActiveSubscription(pay.subs, pay.payments, caller!.userId);
  const message = await deleteAccount(deps, caller!);
  forgetSession(caller!.tokenId ?? '');
  return alertBody(message);
});
