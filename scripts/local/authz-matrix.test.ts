import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { routeList, type RouteDef } from '@tapewatch/shared/api/routes';
import { INVALID_KEY_MESSAGE, KEY_NOT_ALLOWED_MESSAGE } from '@tapewatch/functions/lib/auth-guard';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';
import { deliverEvent, localEvent } from './checkout-events.ts';
import { loggedInUser, subscriptionObject } from './payments-helpers.ts';

/**
 * Every route of the table x {anonymous, expired token, tampered token, free, basic, and the API keys of
 * the free and basic users and a revoked key}: generated from
 * the table, so a new route is covered the moment it is added. Requests carry no parameters: the auth
 * decision must not depend on them. The expired and tampered tokens are made from the BASIC user's
 * token, so accepting either would open the paid routes.
 */
type Role = 'anonymous' | 'expired' | 'tampered' | 'free' | 'basic' | 'key_free' | 'key_basic' | 'key_revoked';
// The keys go before their owners' sessions: delete_user as free or basic deletes the account, and its keys with it.
const ROLES: Role[] = ['anonymous', 'expired', 'tampered', 'key_free', 'key_basic', 'key_revoked', 'free', 'basic'];

const b64url = (s: string | Buffer): string => Buffer.from(s).toString('base64url');
const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
// The local identity provider's own signing key (generated in the runtime's data directory): an
// expired token that is otherwise perfectly valid.
const signingKey = (): string => readFileSync(join(fx.rt.dataDir, 'token-signing-key.pem'), 'utf8');

function resigned(token: string, claims: Record<string, unknown>): string {
  const [header] = token.split('.');
  const body = `${header}.${b64url(JSON.stringify({ ...claimsOf(token), ...claims }))}`;
  return `${body}.${createSign('RSA-SHA256').update(body).sign(signingKey()).toString('base64url')}`;
}

/** The same token with its expiry an hour back, properly signed: only the expiry check can refuse it. */
function expiredCopy(token: string): string {
  const now = Math.floor(Date.now() / 1000);
  return resigned(token, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
}

/** The same token claiming another user, with the original signature: only the signature check can refuse it. */
function tamperedCopy(token: string): string {
  const [header, , signature] = token.split('.');
  const claims = claimsOf(token);
  return `${header}.${b64url(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000', username: 'someone_else' }))}.${signature}`;
}
// These end the session or the account: each gets a fresh login, and they run last.
const ENDS_SESSION = new Set(['submit_logout', 'delete_user']);
// Public in the table (the sign-up ticket needs no token) but the handler itself wants a token or a ticket.
const ANONYMOUS_401 = new Set(['checkoutsession']);

// The key quota is scaled up: the matrix sends each key about two requests per route within a minute.
const fx = useIntegrationRuntime({
  env: { MAIL_OUTBOX_QUIET: '1', RATE_LIMIT_MULTIPLIER: '100', API_KEY_QUOTA_OVERRIDE: '100000,1000000' },
});
const users: Partial<Record<Role, Awaited<ReturnType<typeof loggedInUser>>>> = {};
const keys: Partial<Record<Role, string>> = {};
async function newKey(token: string, password: string): Promise<{ id: string; secret: string }> {
  const res = await fx.api.post('create_api_key', { name: 'matrix', password }, { token });
  if (res.status !== 200) throw new Error(`could not create a key: ${res.text}`);
  return { id: (res.body.key as { id: string }).id, secret: res.body.secret as string };
}
beforeAll(async () => {
  users.free = await loggedInUser(fx.url, 'matrix_free');
  users.basic = await loggedInUser(fx.url, 'matrix_basic');
  const paid = await deliverEvent(
    fx.url,
    localEvent('customer.subscription.created', subscriptionObject(users.basic.userId, 'active')),
  );
  if (paid.status !== 200) throw new Error('could not make the basic user');
  keys.key_free = (await newKey(users.free.token, users.free.password)).secret;
  keys.key_basic = (await newKey(users.basic.token, users.basic.password)).secret;
  const revoked = await newKey(users.free.token, users.free.password);
  await fx.api.post('revoke_api_key', { id: revoked.id }, { token: users.free.token });
  keys.key_revoked = revoked.secret;
});

async function tokenFor(role: Role, routeName: string): Promise<string | undefined> {
  if (role === 'expired') return expiredCopy(users.basic!.token);
  if (role === 'tampered') return tamperedCopy(users.basic!.token);
  if (role.startsWith('key_')) return keys[role];
  const u = users[role as 'free' | 'basic'];
  if (!u) return undefined;
  if (!ENDS_SESSION.has(routeName)) return u.token;
  const login = await fx.accounts.post('submit_login', { username_or_email: u.username, password: u.password });
  return login.body.token as string;
}

function expectation(
  route: RouteDef & { name: string },
  role: Role,
): { exact?: number; notIn?: number[]; message?: string } {
  // A bad key is a 401 everywhere (a script hears its key stopped working); a good one never opens an account route.
  if (role === 'key_revoked') return { exact: 401, message: INVALID_KEY_MESSAGE };
  if (role.startsWith('key_') && !route.acceptsKey) return { exact: 403, message: KEY_NOT_ALLOWED_MESSAGE };
  if (role === 'key_free' || role === 'key_basic') role = role === 'key_free' ? 'free' : 'basic';
  const noValidToken = role === 'anonymous' || role === 'expired' || role === 'tampered';
  if (noValidToken && ANONYMOUS_401.has(route.name)) return { exact: 401 };
  if (route.auth === 'public') return { notIn: [401, 403] };
  if (noValidToken) return { exact: 401 };
  if (route.auth === 'user' || role === 'basic') return { notIn: [401, 403] };
  return { exact: 403, message: 'You need to subscribe to access this page.' };
}

const ordered = [...routeList].sort((a, b) => Number(ENDS_SESSION.has(a.name)) - Number(ENDS_SESSION.has(b.name)));

// The socket checks run before the matrix: its last routes (logout, account deletion) end the users' sessions.
function wsConnect(token: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${fx.url.replace('http', 'ws')}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`);
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', reject);
  });
}

describe('authorisation matrix: the live websocket connect', () => {
  const want: Record<Role, number> = {
    anonymous: 401,
    expired: 401,
    tampered: 401,
    free: 403,
    basic: 101,
    key_free: 403,
    key_basic: 101,
    key_revoked: 401,
  };
  for (const role of ROLES) {
    it(`/ws as ${role} -> ${want[role] === 101 ? 'connected' : want[role]}`, async () => {
      expect(await wsConnect(await tokenFor(role, 'ws'))).toBe(want[role]);
    });
  }

  it('the forged tokens are refused for their forgery, not by accident: the real token works on the same route', async () => {
    const real = users.basic!.token;
    const res = await fetch(`${fx.url}/api/get_user_info`, { headers: { authorization: `Bearer ${real}` } });
    expect(res.status).toBe(200);
    // Re-signed the same way but still in date, the token is accepted: the signing is sound, so the
    // expired copy is refused for its expiry alone.
    const now = Math.floor(Date.now() / 1000);
    const fresh = await fetch(`${fx.url}/api/get_user_info`, {
      headers: { authorization: `Bearer ${resigned(real, { iat: now - 60, exp: now + 600 })}` },
    });
    expect(fresh.status).toBe(200);
    expect(claimsOf(expiredCopy(real)).sub).toBe(claimsOf(real).sub);
    expect(claimsOf(tamperedCopy(real)).sub).not.toBe(claimsOf(real).sub);
  });
});

describe('authorisation matrix (route table x role)', () => {
  it('covers every route of the table', () => {
    expect(ordered.map((r) => r.name).sort()).toEqual(routeList.map((r) => r.name).sort());
  });

  for (const route of ordered) {
    for (const role of ROLES) {
      const want = expectation(route, role);
      it(`${route.method} ${route.path} as ${role} (${route.auth}) -> ${want.exact ?? `not ${want.notIn!.join('/')}`}`, async () => {
        const token = await tokenFor(role, route.name);
        const res = await fetch(`${fx.url}${route.path}`, {
          method: route.method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        const body = (await res.json()) as Record<string, unknown>;
        if (want.exact !== undefined) expect(res.status).toBe(want.exact);
        else expect(want.notIn).not.toContain(res.status);
        expect(res.status, JSON.stringify(body)).toBeLessThan(500);
        // Let in, a GET with its valid example query must succeed outright (not merely "not refused").
        if (want.notIn && route.method === 'GET') {
          const example = route.example ?? '';
          const ok = await fetch(`${fx.url}${route.path}${example ? `?${example}` : ''}`, {
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          expect(ok.status, `${route.name} ${example}`).toBe(200);
        }
        if (want.message) expect(body).toEqual({ alert_show: true, alert_message: want.message });
        if (res.status === 401) expect(body.alert_show).toBe(true);
        // Every answer to a valid key reports its quota, refusals included.
        if (role === 'key_free' || role === 'key_basic') expect(res.headers.get('ratelimit-remaining')).not.toBeNull();
      });
    }
  }
});
