import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList, type RouteDef } from '@tapewatch/shared/api/routes';
import { startTestRuntime } from '../test/runtime-fixture.ts';
import { accountsClient } from './accounts-helpers.ts';
import { deliverEvent, localEvent } from './checkout-events.ts';
import { loggedInUser, subscriptionObject } from './payments-helpers.ts';

/**
 * Every route of the table x {anonymous, free, basic}: generated from the table, so a new route is
 * covered the moment it is added. Requests carry no parameters: the auth decision must not depend on them.
 */
type Role = 'anonymous' | 'free' | 'basic';
const ROLES: Role[] = ['anonymous', 'free', 'basic'];
// These end the session or the account: each gets a fresh login, and they run last.
const ENDS_SESSION = new Set(['submit_logout', 'delete_user']);
// Public in the table (the sign-up ticket needs no token) but the handler itself wants a token or a ticket.
const ANONYMOUS_401 = new Set(['checkoutsession']);

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
const users: Partial<Record<Role, Awaited<ReturnType<typeof loggedInUser>>>> = {};
beforeAll(async () => {
  process.env.MAIL_OUTBOX_QUIET = '1';
  process.env.RATE_LIMIT_MULTIPLIER = '100';
  rt = await startTestRuntime();
  users.free = await loggedInUser(rt.url, 'matrix_free');
  users.basic = await loggedInUser(rt.url, 'matrix_basic');
  const paid = await deliverEvent(rt.url, localEvent('customer.subscription.created', subscriptionObject(users.basic.userId, 'active')));
  if (paid.status !== 200) throw new Error('could not make the basic user');
});
afterAll(() => rt?.dispose());

async function tokenFor(role: Role, routeName: string): Promise<string | undefined> {
  const u = users[role as 'free' | 'basic'];
  if (!u) return undefined;
  if (!ENDS_SESSION.has(routeName)) return u.token;
  const login = await accountsClient(rt.url).post('submit_login', { username_or_email: u.username, password: u.password });
  return login.body.token as string;
}

function expectation(route: RouteDef & { name: string }, role: Role): { exact?: number; notIn?: number[]; message?: string } {
  if (role === 'anonymous' && ANONYMOUS_401.has(route.name)) return { exact: 401 };
  if (route.auth === 'public') return { notIn: [401, 403] };
  if (role === 'anonymous') return { exact: 401 };
  if (route.auth === 'user' || role === 'basic') return { notIn: [401, 403] };
  return { exact: 403, message: 'You need to subscribe to access this page.' };
}

const ordered = [...routeList].sort((a, b) => Number(ENDS_SESSION.has(a.name)) - Number(ENDS_SESSION.has(b.name)));

describe('authorisation matrix (route table x role)', () => {
  it('covers every route of the table', () => {
    expect(ordered.map((r) => r.name).sort()).toEqual(routeList.map((r) => r.name).sort());
  });

  for (const route of ordered) {
    for (const role of ROLES) {
      const want = expectation(route, role);
      it(`${route.method} ${route.path} as ${role} (${route.auth}) -> ${want.exact ?? `not ${want.notIn!.join('/')}`}`, async () => {
        const token = await tokenFor(role, route.name);
        const res = await fetch(`${rt.url}${route.path}`, {
          method: route.method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        const body = (await res.json()) as Record<string, unknown>;
        if (want.exact !== undefined) expect(res.status).toBe(want.exact);
        else expect(want.notIn).not.toContain(res.status);
        expect(res.status, JSON.stringify(body)).toBeLessThan(500);
        if (want.message) expect(body).toEqual({ alert_show: true, alert_message: want.message });
        if (res.status === 401) expect(body.alert_show).toBe(true);
      });
    }
  }
});
