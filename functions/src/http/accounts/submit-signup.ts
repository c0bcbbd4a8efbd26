import { alertBody } from '@tapewatch/shared/api/alert';
import { signup } from '../../domain/accounts/signup-flow.ts';
import { defineHandler } from '../../lib/http.ts';
import { accountDeps, clientIp } from './account-deps.ts';

export const handler = defineHandler('submit_signup', async ({ body, event }) => {
  const out = await signup(accountDeps(event), body, clientIp(event));
  return { ...alertBody(out.message), ...(out.checkoutTicket ? { checkout_ticket: out.checkoutTicket } : {}) };
});
