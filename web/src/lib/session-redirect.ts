import { apiPost } from './api-client.ts';

/** Leaving the app for the payment provider's hosted pages; an object so tests can spy on it. */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Asks the server where to go, then leaves; failures are only logged (spec part 2 section 4). */
async function leaveFor(label: string, where: () => Promise<string>): Promise<boolean> {
  try {
    browserLocation.assign(await where());
    return true;
  } catch (error) {
    console.error(`[payments] ${label} failed`, error);
    return false;
  }
}

/**
 * Starts the hosted checkout: with the session token, or right after a Basic sign-up (no token yet)
 * with the signed checkout ticket and the email it was issued for.
 */
export function startCheckout(body?: { email?: string; checkout_ticket?: string }): Promise<boolean> {
  return leaveFor('checkout', async () => (await apiPost('checkoutsession', body)).url);
}

/** Manage (profile, basic plan): the billing portal session URL, then the browser goes there. */
export function openBillingPortal(): Promise<boolean> {
  return leaveFor('manage', async () => (await apiPost('manage_subscription', undefined)).sessionURL);
}
