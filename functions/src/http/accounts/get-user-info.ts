import { defineHandler } from '../../lib/http.ts';

/** Public: without a valid token the answer is the spec's "not logged in" (empty username). */
export const handler = defineHandler('get_user_info', async ({ caller }) =>
  caller
    ? { username: caller.username, email: caller.email, subscription: caller.subscription }
    : { username: '', email: '', subscription: '' },
);
