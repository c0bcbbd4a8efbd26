import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { type FetchMock, stubApi, urlsCalled } from '../../../test/stub-api.ts';
import type { BrowserPush, PushSubscriptionJson } from '../utils/browser-push.ts';
import { applicationServerKey } from '../utils/browser-push.ts';
import { BrowserNotifications } from './browser-notifications.tsx';

const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const SUB: PushSubscriptionJson = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  expirationTime: null,
  keys: { p256dh: KEY, auth: 'tBHItJI5svbpez7KI4CCXg' },
};

function fakePush(opts: { supported?: boolean; current?: PushSubscriptionJson | null; denied?: boolean } = {}) {
  return {
    supported: vi.fn(() => opts.supported ?? true),
    current: vi.fn(async () => opts.current ?? null),
    subscribe: vi.fn(async (_key: string) =>
      opts.denied ? ({ ok: false, reason: 'denied' } as const) : ({ ok: true, subscription: SUB } as const),
    ),
    unsubscribe: vi.fn(async () => SUB.endpoint),
  } satisfies BrowserPush;
}

function setup(config: { enabled: boolean; public_key: string | null }, push: BrowserPush) {
  const fetchMock = stubApi({
    '/api/get_push_config': [200, { ...config, subscriptions: 0 }],
    '/api/subscribe_push': [200, { subscribed: true, subscriptions: 1 }],
    '/api/unsubscribe_push': [200, { deleted: true, subscriptions: 0 }],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <BrowserNotifications enabled push={push} />
    </AppProviders>,
  );
  return fetchMock;
}

/** The JSON body of each POST to `route`. */
const postedBodies = (fetchMock: FetchMock, route: string) =>
  (fetchMock.mock.calls as unknown as Array<[string, RequestInit | undefined]>)
    .filter(([u, init]) => String(u).includes(route) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

describe('BrowserNotifications', () => {
  it('is hidden when the server has no push keys', async () => {
    const fetchMock = setup({ enabled: false, public_key: null }, fakePush());
    await waitFor(() => expect(urlsCalled(fetchMock, 'get_push_config')).toHaveLength(1));
    // Give the answer time to render: the toggle must still not be there.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('browser-notifications')).toBeNull();
  });

  it('is hidden when this browser cannot take pushes, even with a configured server', async () => {
    const push = fakePush({ supported: false });
    const fetchMock = setup({ enabled: true, public_key: KEY }, push);
    await waitFor(() => expect(urlsCalled(fetchMock, 'get_push_config')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('browser-notifications')).toBeNull();
    expect(push.current).not.toHaveBeenCalled();
  });

  it("subscribes with the server's key and sends the subscription JSON; off unsubscribes that endpoint", async () => {
    const push = fakePush();
    const fetchMock = setup({ enabled: true, public_key: KEY }, push);
    const toggle = await screen.findByRole('switch', { name: 'Browser notifications' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(push.subscribe).toHaveBeenCalledWith(KEY);
    expect(postedBodies(fetchMock, 'subscribe_push')).toEqual([SUB]);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(postedBodies(fetchMock, 'unsubscribe_push')).toEqual([{ endpoint: SUB.endpoint }]);
  });

  it('shows this browser as subscribed when it already is', async () => {
    const subscribed = fakePush({ current: SUB });
    setup({ enabled: true, public_key: KEY }, subscribed);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Browser notifications' }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('says so when notifications are blocked, and sends nothing', async () => {
    const push = fakePush({ denied: true });
    const fetchMock = setup({ enabled: true, public_key: KEY }, push);
    const toggle = await screen.findByRole('switch', { name: 'Browser notifications' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(toggle);
    expect(await screen.findByText(/blocked for this site/)).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(postedBodies(fetchMock, 'subscribe_push')).toEqual([]);
  });

  it('turns the base64url public key into the 65 bytes of the applicationServerKey', () => {
    const bytes = applicationServerKey(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
