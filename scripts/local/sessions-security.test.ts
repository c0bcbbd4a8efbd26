import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ACCOUNT_MESSAGES as M } from '@tapewatch/shared/schemas/accounts';
import { MAX_CLIENT_MESSAGE_BYTES, parseFrame, type WsEvent } from '@tapewatch/shared/ws/messages';
import { documentClient } from '@tapewatch/functions/data/client';
import { clearContainerCaches } from '@tapewatch/functions/lib/container-caches';
import { ConnectionRepository } from '@tapewatch/functions/data/connection-repository';
import { UsersRepository } from '@tapewatch/functions/data/users-repository';
import { unverifiedClaims } from '@tapewatch/functions/platform/identity-types';
import { startTestRuntime } from '../test/runtime-fixture.ts';
import { accountsClient } from './accounts-helpers.ts';
import { deliverEvent, localEvent } from './checkout-events.ts';
import { completedSession, loggedInUser } from './payments-helpers.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof accountsClient>;
beforeAll(async () => {
  process.env.MAIL_OUTBOX_QUIET = '1';
  rt = await startTestRuntime();
  api = accountsClient(rt.url);
});
afterAll(() => rt?.dispose());
beforeEach(() => void (process.env.RATE_LIMIT_MULTIPLIER = '100'));

const users = () => new UsersRepository(documentClient());
const connections = () => new ConnectionRepository(documentClient());

async function subscriber(name: string) {
  const u = await loggedInUser(rt.url, name);
  await deliverEvent(rt.url, localEvent('checkout.session.completed', completedSession(u.userId)));
  return u;
}

async function login(user: { username: string; password: string }, headers: Record<string, string> = {}) {
  const res = await fetch(`${rt.url}/api/submit_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username_or_email: user.username, password: user.password, remember: false }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface Socket {
  ws: WebSocket;
  events: WsEvent[];
  closed: Promise<{ code: number }>;
}

function openSocket(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${rt.port}/ws?token=${encodeURIComponent(token)}`);
    const events: WsEvent[] = [];
    const closed = new Promise<{ code: number }>((r) => ws.on('close', (code) => r({ code })));
    ws.on('message', (data) => events.push(...parseFrame(data.toString())));
    ws.on('open', () => resolve({ ws, events, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

const within = <T>(p: Promise<T>, ms = 3000): Promise<T | 'timeout'> =>
  Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);
const reasons = (s: Socket) => s.events.flatMap((e) => (e.event === 'session_closed' ? [e.reason] : []));

describe('live sockets end with the session that opened them', () => {
  it('logout closes the sockets of that session only; the same user on another device keeps streaming', async () => {
    const u = await subscriber('sock_logout');
    const other = (await login(u)).body.token as string;
    const mine = await openSocket(u.token);
    const theirs = await openSocket(other);
    expect(await api.post('submit_logout', {}, { token: u.token })).toMatchObject({ status: 200 });
    expect(await within(mine.closed)).toMatchObject({ code: 1000 });
    expect(reasons(mine)).toEqual(['logged_out']);
    expect(await within(theirs.closed, 300)).toBe('timeout');
    expect((await connections().forUser(u.userId)).length).toBe(1);
    theirs.ws.close();
  });

  it('a password reset closes every socket of the user', async () => {
    const u = await subscriber('sock_reset');
    const sockets = [await openSocket(u.token), await openSocket((await login(u)).body.token as string)];
    await users().setResetSentAt(u.userId, new Date(0));
    await api.post('reset_password', { email: u.email });
    const link = await api.lastLinkToken(u.email, '/confirmpassword/');
    const password = 'Rv8#qTz2Lm';
    expect(await api.post('update_password', { password, password_confirmation: password, token: link })).toMatchObject(
      { status: 200 },
    );
    for (const s of sockets) {
      expect(await within(s.closed)).toMatchObject({ code: 1000 });
      expect(reasons(s)).toEqual(['password_reset']);
    }
    expect(await connections().forUser(u.userId)).toEqual([]);
  });

  it('account deletion closes the sockets before it removes the records', async () => {
    const u = await subscriber('sock_delete');
    const s = await openSocket(u.token);
    expect(await api.post('delete_user', { password: u.password }, { token: u.token })).toMatchObject({ status: 200 });
    expect(await within(s.closed)).toMatchObject({ code: 1000 });
    expect(reasons(s)).toEqual(['account_deleted']);
    expect((await connections().list()).some((c) => c.userId === u.userId)).toBe(false);
  });

  it('a fourth socket of one user closes the oldest, which is told why; at most 3 stay', async () => {
    const u = await subscriber('sock_cap');
    const first = await openSocket(u.token);
    const rest = [await openSocket(u.token), await openSocket(u.token)];
    const fourth = await openSocket(u.token);
    expect(await within(first.closed)).toMatchObject({ code: 1000 });
    expect(reasons(first)).toEqual(['replaced']);
    for (const s of [...rest, fourth]) expect(s.ws.readyState).toBe(WebSocket.OPEN);
    expect((await connections().forUser(u.userId)).length).toBe(3);
    for (const s of [...rest, fourth]) s.ws.close();
  });

  it('a client frame over the size cap closes the socket; a ping still works below it', async () => {
    const u = await subscriber('sock_big');
    const s = await openSocket(u.token);
    s.ws.send(JSON.stringify({ action: 'ping', data: 'ok' }));
    await expect.poll(() => s.events.some((e) => e.event === 'pong')).toBe(true);
    s.ws.send('x'.repeat(MAX_CLIENT_MESSAGE_BYTES + 1));
    expect(await within(s.closed)).toMatchObject({ code: 1009 });
  });
});

describe('password reset links and sessions', () => {
  it('a reset spends every older link of the user: an earlier link no longer works after a newer one was used', async () => {
    const u = await loggedInUser(rt.url, 'links_two');
    await api.post('reset_password', { email: u.email });
    const older = await api.lastLinkToken(u.email, '/confirmpassword/');
    await users().setResetSentAt(u.userId, new Date(0));
    await api.post('reset_password', { email: u.email });
    const newer = await api.lastLinkToken(u.email, '/confirmpassword/');
    expect(newer).not.toBe(older);
    const p1 = 'Nw5!kPx9Qd';
    expect(await api.post('update_password', { password: p1, password_confirmation: p1, token: newer })).toMatchObject({
      status: 200,
    });
    const p2 = 'Zt3@hGm7Vb';
    expect(await api.post('get_password_token_confirmation', { token: older })).toMatchObject({
      status: 400,
      body: { alert_message: M.resetLinkUsed },
    });
    expect(await api.post('update_password', { password: p2, password_confirmation: p2, token: older })).toMatchObject({
      status: 400,
      body: { alert_message: M.resetLinkUsed },
    });
    expect((await login({ username: u.username, password: p1 })).status).toBe(200);
    expect((await login({ username: u.username, password: p2 })).status).toBe(401);
  });

  it('a session that logged in in the same second as a reset does not survive it', async () => {
    const u = await loggedInUser(rt.url, 'same_second');
    const authTime = unverifiedClaims(u.token).auth_time ?? unverifiedClaims(u.token).iat!;
    // The reset is recorded with the second of that login (the two happened within one second).
    await users().invalidateTokensBefore(u.userId, new Date(authTime * 1000 + 999));
    // The authenticator keeps a session's state for a second (identity-authenticator.ts): emptied here,
    // as a second later or on another container, instead of waited out.
    clearContainerCaches();
    expect((await api.get('get_user_info', { token: u.token })).body.username).toBe('');
  });

  it('a login in the same second as a reset still gets a working session (it waits for the next second)', async () => {
    const u = await loggedInUser(rt.url, 'after_reset');
    await users().invalidateTokensBefore(u.userId, new Date());
    const r = await login(u);
    expect(r.status).toBe(200);
    expect((await api.get('get_user_info', { token: r.body.token as string })).body.username).toBe('after_reset');
  });
});

describe('login limits that stop guessing without locking the owner out', () => {
  const ORIGIN = 'it-origin-secret';
  const from = (ip: string) => ({ 'x-origin-verify': ORIGIN, 'cloudfront-viewer-address': `${ip}:443` });
  // Requests proving they came through CloudFront carry the viewer's address: many "sources" here.
  const viaCloudFront = () => void (process.env.ORIGIN_VERIFY_SECRET = ORIGIN);
  beforeEach(() => void (process.env.RATE_LIMIT_MULTIPLIER = '1'));
  afterEach(() => void delete process.env.ORIGIN_VERIFY_SECRET);

  it('10 wrong passwords from 10 addresses do not lock the owner out of the network they log in from', async () => {
    const u = await loggedInUser(rt.url, 'lock_owner');
    viaCloudFront();
    expect((await login(u, from('198.51.100.10'))).status).toBe(200); // the owner's usual network
    for (let i = 0; i < 10; i++)
      expect((await login({ ...u, password: `Wrong-guess-${i}` }, from(`203.0.113.${i + 1}`))).status).toBe(401);
    expect((await login(u, from('198.51.100.10'))).status).toBe(200);
    // Even a flood from new networks that exhausts the account-wide limit leaves the known one in.
    const flood: number[] = [];
    for (let i = 0; i < 45; i++)
      flood.push((await login({ ...u, password: `Flood-guess-${i}` }, from(`192.0.2.${i + 1}`))).status);
    // 50 attempts an hour from networks the account never logged in from: the sign-up's first login
    // (127.0.0.1) and the owner's first from 198.51.100.10 were such attempts too, so 2 + 10 + 38 pass.
    expect(flood.filter((st) => st === 429).length, flood.join(',')).toBe(7);
    expect((await login(u, from('192.0.2.200'))).status).toBe(429);
    expect((await login(u, from('198.51.100.10'))).status).toBe(200);
  });

  it('one network guessing one account is stopped after 10 attempts, whatever the password', async () => {
    const u = await loggedInUser(rt.url, 'lock_guess');
    viaCloudFront();
    for (let i = 0; i < 10; i++)
      expect((await login({ ...u, password: `Guess-${i}-x` }, from('203.0.113.77'))).status).toBe(401);
    const blocked = await login(u, from('203.0.113.77'));
    expect(blocked).toMatchObject({ status: 429, body: { alert_message: M.tooManyAttempts } });
  });

  it('deleting the account and creating a key ask for the password again; wrong ones count in the login limit', async () => {
    // The file's earlier sign-ups spent this address's sign-up limit: these two are set-up, not the attack.
    process.env.RATE_LIMIT_MULTIPLIER = '100';
    const u = await loggedInUser(rt.url, 'reauth_1');
    const other = await loggedInUser(rt.url, 'reauth_2', 'Other-Lantern-77');
    process.env.RATE_LIMIT_MULTIPLIER = '1';
    viaCloudFront();
    const post = (name: string, body: unknown) =>
      fetch(`${rt.url}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}`, ...from('203.0.113.99') },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    // A session left open is not enough: no password, a wrong one, or another account's is refused.
    expect(await post('delete_user', {})).toMatchObject({ status: 400, body: { alert_show: true } });
    expect(await post('create_api_key', { name: 'left open' })).toMatchObject({ status: 400 });
    const wrong = [
      await post('delete_user', { password: 'Wrong-guess-1' }),
      await post('create_api_key', { name: 'left open', password: 'Wrong-guess-2' }),
      await post('delete_user', { password: other.password }),
    ];
    for (const r of wrong)
      expect(r).toEqual({ status: 400, body: { alert_show: true, alert_message: M.reauthFailed } });
    const info = await fetch(`${rt.url}/api/get_user_info`, {
      headers: { authorization: `Bearer ${u.token}`, ...from('198.51.100.98') },
    });
    expect(((await info.json()) as { username: string }).username).toBe(u.username);
    const keys = await fetch(`${rt.url}/api/get_api_keys`, {
      headers: { authorization: `Bearer ${u.token}`, ...from('198.51.100.98') },
    });
    expect(((await keys.json()) as { keys: unknown[] }).keys).toEqual([]);
    // Each check is a login attempt of this account from this network: 10 in all, then refused.
    for (let i = 0; i < 7; i++) expect((await post('delete_user', { password: `Wrong-guess-x${i}` })).status).toBe(400);
    expect(await post('create_api_key', { name: 'k', password: u.password })).toMatchObject({
      status: 429,
      body: { alert_message: M.tooManyAttempts },
    });
    expect((await login(u, from('203.0.113.99'))).status).toBe(429);
    // From elsewhere the right password works: a key, then the deletion.
    const elsewhere = (name: string, body: unknown) =>
      fetch(`${rt.url}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}`, ...from('198.51.100.99') },
        body: JSON.stringify(body),
      });
    expect((await elsewhere('create_api_key', { name: 'k', password: u.password })).status).toBe(200);
    expect((await elsewhere('delete_user', { password: u.password })).status).toBe(200);
  });

  it('the same limits apply to a name with no account (the limit reveals nothing)', async () => {
    viaCloudFront();
    for (let i = 0; i < 10; i++)
      expect((await login({ username: 'no_such_user_x', password: `Guess-${i}-x` }, from('203.0.113.88'))).status).toBe(
        401,
      );
    expect((await login({ username: 'no_such_user_x', password: 'Guess-last' }, from('203.0.113.88'))).status).toBe(
      429,
    );
  });
});

describe('sign-up, resend and reset do not reveal whether an email has an account', () => {
  it('sign-up with a taken email answers like a fresh sign-up and tells the owner by email', async () => {
    const owner = await loggedInUser(rt.url, 'owner_enum');
    const form = (username: string, email: string) => ({
      username,
      email,
      password: 'Kx9!mTq4zR',
      password_confirmation: 'Kx9!mTq4zR',
      selected_subscription: 'free',
    });
    const before = (await api.outbox()).length;
    const taken = await api.post('submit_signup', form('intruder_enum', owner.email));
    const fresh = await api.post('submit_signup', form('newbie_enum', 'newbie_enum@example.com'));
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual(fresh.body);
    const mails = (await api.outbox()).slice(0, (await api.outbox()).length - before);
    expect(mails.find((m) => m.to === owner.email)?.subject).toBe(
      'Someone tried to sign up to Tapewatch with your email address',
    );
    // Nothing of the owner's account changed, and the intruder's username was not taken.
    expect((await login(owner)).status).toBe(200);
    expect(await users().getUsernameClaim('intruder_enum')).toBeNull();
    // A Basic sign-up also gets a ticket, which names no account: checkout refuses it later.
    const basic = await api.post('submit_signup', {
      ...form('intruder_enum2', owner.email),
      selected_subscription: 'basic',
    });
    expect(basic.status).toBe(200);
    expect(typeof basic.body.checkout_ticket).toBe('string');
  });

  it('every answer takes at least the response floor, whether or not the email has an account', async () => {
    const floor = process.env.ACCOUNT_RESPONSE_FLOOR_MS;
    process.env.ACCOUNT_RESPONSE_FLOOR_MS = '400';
    try {
      const owner = await loggedInUser(rt.url, 'owner_timing');
      const timed = async (route: string, body: unknown) => {
        const t0 = performance.now();
        const r = await api.post(route, body);
        return { ms: performance.now() - t0, status: r.status };
      };
      const signup = (email: string, name: string) => ({
        username: name,
        email,
        password: 'Kx9!mTq4zR',
        password_confirmation: 'Kx9!mTq4zR',
      });
      const runs = [
        await timed('reset_password', { email: owner.email }),
        await timed('reset_password', { email: 'nobody_timing@example.com' }),
        await timed('resend_confirmation', { email: owner.email }),
        await timed('resend_confirmation', { email: 'nobody_timing@example.com' }),
        await timed('submit_signup', signup(owner.email, 'timing_a')),
        await timed('submit_signup', signup('fresh_timing@example.com', 'timing_b')),
      ];
      for (const r of runs) {
        expect(r.status).toBe(200);
        expect(r.ms).toBeGreaterThanOrEqual(395);
      }
    } finally {
      process.env.ACCOUNT_RESPONSE_FLOOR_MS = floor;
    }
  });
});

/** Signs a JWT (RS256) as any holder of `key` could. */
function signJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`;
}

describe('the local pool signs with a key of its own data directory', () => {
  it("a token minted with cognito-local's published key is refused; the same claims signed with the runtime's key pass", async () => {
    const u = await loggedInUser(rt.url, 'minted_1');
    const [headerPart, payloadPart] = u.token.split('.');
    const header = JSON.parse(Buffer.from(headerPart!, 'base64url').toString()) as Record<string, unknown>;
    const claims = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString()) as Record<string, unknown>;
    // The file as published in the package (read from disk: the runtime replaced the loaded module's key).
    const published = join(
      createRequire(import.meta.url).resolve('cognito-local'),
      '../keys/cognitoLocal.private.json',
    );
    const publishedKey = createPrivateKey((JSON.parse(readFileSync(published, 'utf8')) as { pem: string }).pem);
    const minted = signJwt(header, { ...claims, jti: `${String(claims.jti)}-minted` }, publishedKey);
    // get_user_info is public: a refused token reads as "not logged in" (empty username).
    const refused = await fetch(`${rt.url}/api/get_user_info`, { headers: { authorization: `Bearer ${minted}` } });
    expect(((await refused.json()) as { username: string }).username).toBe('');

    const file = join(rt.dataDir, 'token-signing-key.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const own = signJwt(header, { ...claims, jti: `${String(claims.jti)}-own` }, createPrivateKey(readFileSync(file)));
    const accepted = await fetch(`${rt.url}/api/get_user_info`, { headers: { authorization: `Bearer ${own}` } });
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { username: string }).username).toBe(u.username);
  });
});
