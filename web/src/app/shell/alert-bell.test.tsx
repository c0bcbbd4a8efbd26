import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FiredAlert } from '@tapewatch/shared/schemas/alerts';
import { trade } from '../../components/flow/test-trades.ts';
import { signedInRoutes, stubApi } from '../../test/stub-api.ts';
import AlertBell from './alert-bell.tsx';

/** The shell's alerts socket, driven by the test. */
class AlertSocketStub {
  static latest: AlertSocketStub | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    AlertSocketStub.latest = this;
  }
  close(): void {}
}

const alert = (over: Partial<FiredAlert>): FiredAlert => ({
  id: '2024-03-08T18:00:01.000Z#abc123',
  rule_id: 'rule01',
  rule_name: 'Big SPY puts',
  fired_at: '2024-03-08T18:00:01.000Z',
  read: false,
  trade: trade({ key: 't1', put_call: 'Put', strike_price: 500, cost_basis: 250, time: '13:00:01' }),
  ...over,
});
const summary = alert({
  id: '2024-03-08T18:00:02.000Z#moremin',
  rule_name: 'Everything 19',
  more: 1830,
  more_window: 'minute',
  trade: trade({ key: 't2', ticker: 'QQQ', time: '13:00:02' }),
});

beforeEach(() => {
  vi.stubGlobal('WebSocket', AlertSocketStub);
  stubApi({
    ...signedInRoutes(),
    '/api/get_alert_history': [200, { alerts: [summary, alert({})], next: null, unread: 2 }],
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AlertBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('alert bell (issue 35: the "N more trades matched" item)', () => {
  it('lists a summary item with its count and window, and a trade alert with its rule', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts: 2 unread' }));
    const items = await screen.findAllByTestId('alert-bell-item');
    expect(items).toHaveLength(2);
    expect(
      within(items[0]!).getByText('1,830 more trades matched your alerts in this minute, past 30 alerts a minute'),
    ).toBeTruthy();
    expect(items[0]!.textContent).toContain('Newest: QQQ Call');
    expect(items[0]!.textContent).not.toContain('Everything 19');
    expect(within(items[1]!).getByText('Big SPY puts')).toBeTruthy();
    expect(items[1]!.textContent).toContain('SPY Put 500');
    // Each alert's trade opens its contract's page.
    const link = within(items[1]!).getByTestId('contract-link');
    expect(link.getAttribute('href')).toMatch(/^\/contract\/SPY\d{6}P00500000$/);
  });

  it('toasts a pushed summary with its count, and a pushed alert with its rule', async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Alerts: 2 unread' });
    const push = (a: FiredAlert) =>
      act(() =>
        AlertSocketStub.latest!.onmessage!({ data: JSON.stringify({ event: 'alert', data: JSON.stringify(a) }) }),
      );
    push({ ...summary, more: 12, more_window: 'day' });
    expect((await screen.findByTestId('alert-toast')).textContent).toContain(
      '12 more trades matched your alerts today, past 500 alerts a day. Newest: QQQ Call',
    );
    push(alert({}));
    expect((await screen.findByTestId('alert-toast')).textContent).toContain('Alert "Big SPY puts": SPY Put 500');
  });
});
