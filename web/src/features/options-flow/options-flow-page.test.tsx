import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keyStats } from '@tapewatch/shared/flow/key-stats';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { trade } from '../../components/flow/test-trades.ts';
import { TOKEN_STORAGE_KEY } from '../../lib/auth-token.ts';
import { fakeJwt } from '../../lib/session-test-utils.ts';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import { FakeWebSocket } from './test/fake-websocket.ts';

const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const basic = { username: 'subscriber1', email: 's@example.com', subscription: 'basic' };
const today: FlowTrade[] = [
  trade({ key: 't1', ticker: 'SPY', time: '10:05:00', cost_basis: 120 }),
  trade({ key: 't2', ticker: 'AAPL', time: '10:04:00', put_call: 'Put', cost_basis: 80, score: 0.9 }),
  trade({ key: 't3', ticker: 'QQQ', time: '10:03:00', cost_basis: 40 }),
];
const current = { date: '2024-03-08', options_flow: today, key_stats: keyStats(today), first_date: '2023-12-12' };
const historical = {
  options_flow: [trade({ key: 'h1', ticker: 'TSLA', date: '2024-03-01', time: '15:00:00' })],
  largest_call_premiums: [{ ticker: 'TSLA', costBasis: 10 }],
  largest_put_premiums: [],
  key_stats: keyStats([trade({ key: 'h1' })]),
  capped: true,
  scanned: 10_000,
  first_date: '2023-12-12',
};

const tickers = () => {
  const col = within(screen.getByTestId('flow-table'))
    .getAllByRole('columnheader')
    .findIndex((h) => h.textContent?.startsWith('Ticker'));
  return screen.getAllByTestId('flow-row').map((r) => r.children[col]?.textContent);
};
const socketFrame = (frame: unknown) => act(() => FakeWebSocket.latest().message(frame));

async function choose(label: string, option: string | RegExp) {
  // The rows' inputs load with the first row (filter-rows.tsx).
  // A lazy chunk: under a loaded CI machine its import can take seconds.
  const [row] = await screen.findAllByTestId('flow-filter', {}, { timeout: 15_000 });
  fireEvent.mouseDown(within(row!).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

function setup(user = basic) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(3600));
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return mockApi({
    '/api/get_app_info': [200, appInfo],
    '/api/get_user_info': [200, user],
    '/api/get_current_options_flow': [200, current],
    '/api/get_historical_options_flow': [200, historical],
    '/api/test_socket': [200, { ok: true, connections: 1, last_fanout: null, last_fanout_sent: null }],
  });
}

describe('Options Flow screen', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
    FakeWebSocket.reset();
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
    window.innerWidth = 1024;
  });

  it('shows the current flow, opens the socket and prepends a streamed trade', async () => {
    setup();
    renderApp('/optionsflow');
    expect(await screen.findByRole('heading', { name: 'Options Flow', level: 1 }, { timeout: 15_000 })).toBeTruthy();
    // The score's formula is on the page (issue 10): its five weighted parts.
    const help = screen.getByTestId('score-help').textContent ?? '';
    for (const part of ['Premium (30%)', 'Opening size (25%)', 'Aggressor (20%)', 'Urgency (15%)', 'Expiry (10%)'])
      expect(help).toContain(part);
    await waitFor(() => expect(tickers()).toEqual(['SPY', 'AAPL', 'QQQ']), { timeout: 10_000 });
    // Live mode hides Date; the status chip follows the socket.
    expect(within(screen.getByTestId('flow-table')).queryByRole('columnheader', { name: /Date/ })).toBeNull();
    const ws = FakeWebSocket.latest();
    expect(ws.url).toMatch(/\/ws\?token=/);
    act(() => ws.open());
    expect(ws.sent).toEqual(['Connection established']);
    expect(screen.getByTestId('live-status').textContent).toBe('Live');
    socketFrame({
      event: 'new_flow',
      data: JSON.stringify(trade({ key: 'n1', ticker: 'NVDA', time: '10:06:00', cost_basis: 500 })),
    });
    expect(tickers()).toEqual(['NVDA', 'SPY', 'AAPL', 'QQQ']);
    expect(screen.getAllByTestId('flow-row')[0]?.getAttribute('data-new')).toBe('true');
    // Key stats are recomputed from the shown list: 3 calls now.
    const card = screen.getByRole('region', { name: 'Numbers of Trades' });
    await userEvent.click(within(card).getByRole('button', { name: /show data/i }));
    expect(
      within(screen.getByTestId('key-stat-tradeCount'))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(expect.arrayContaining(['Calls3', 'Puts1']));
  });

  it('filters the live list in the browser with the shared filter engine', async () => {
    setup();
    renderApp('/optionsflow');
    await waitFor(() => expect(tickers()).toHaveLength(3), { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    await choose('Field', /^Premium/);
    await choose('Selector', 'Greater than');
    fireEvent.change(screen.getByLabelText('Filter 1 value'), { target: { value: '50' } });
    await waitFor(() => expect(tickers()).toEqual(['SPY', 'AAPL']));
    // A streamed trade below the threshold stays out.
    act(() => FakeWebSocket.latest().open());
    socketFrame({
      event: 'new_flow',
      data: JSON.stringify(trade({ key: 'n2', ticker: 'KO', time: '10:07:00', cost_basis: 5 })),
    });
    expect(tickers()).toEqual(['SPY', 'AAPL']);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(tickers()).toEqual(['KO', 'SPY', 'AAPL', 'QQQ']);
  });

  it('reloads the current flow on database_cleared', async () => {
    const fetchMock = setup();
    renderApp('/optionsflow');
    await waitFor(() => expect(tickers()).toHaveLength(3), { timeout: 15_000 });
    const calls = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/get_current_options_flow')).length;
    expect(calls()).toBe(1);
    act(() => FakeWebSocket.latest().open());
    socketFrame({ event: 'database_cleared' });
    await waitFor(() => expect(calls()).toBe(2));
  });

  it('historical mode sends the range and the filters on Update, and says when capped', async () => {
    const fetchMock = setup();
    renderApp('/optionsflow');
    await waitFor(() => expect(tickers()).toHaveLength(3), { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect((screen.getByLabelText('Start - End') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('switch', { name: 'Live' }));
    expect(FakeWebSocket.latest().closedByClient).toBe(true);
    const range = screen.getByLabelText('Start - End') as HTMLInputElement;
    expect(range.disabled).toBe(false);
    expect(range.placeholder).toBe('Start - End');
    // A locale-formatted date is refused with the expected format; the buttons stay disabled.
    fireEvent.change(range, { target: { value: '03/01/2024 - 03/08/2024' } });
    expect(screen.getByText('Use YYYY-MM-DD - YYYY-MM-DD')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);
    // The calendars start at the first stored day (the live answer said it) and write the text field.
    await userEvent.click(screen.getByRole('button', { name: 'Pick dates' }));
    // The calendars load on first opening (date-range-calendars.tsx).
    expect(((await screen.findByLabelText('Start date')) as HTMLInputElement).min).toBe('2023-12-12');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2024-02-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2024-02-09' } });
    await waitFor(() => expect(range.value).toBe('2024-02-01 - 2024-02-09'));
    await userEvent.keyboard('{Escape}');
    fireEvent.change(range, { target: { value: '2024-03-01 - 2024-03-08' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    await choose('Field', 'Ticker');
    await choose('Selector', 'Equal');
    await userEvent.type(screen.getByLabelText('Filter 1 tickers'), 'tsla{Enter}');
    const historicalCalls = () =>
      fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/get_historical_options_flow'));
    expect(historicalCalls()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(historicalCalls()).toHaveLength(1));
    const params = new URL(historicalCalls()[0]!, 'http://x').searchParams;
    expect(JSON.parse(params.get('dates')!)).toEqual({ start: '2024-03-01', end: '2024-03-08' });
    expect(JSON.parse(params.get('filters')!)).toEqual([
      { id: 1, filter: 'Ticker', selector: 'Equal', tickers: ['TSLA'] },
    ]);
    await waitFor(() => expect(tickers()).toEqual(['TSLA']));
    expect(screen.getByTestId('capped-notice').textContent).toMatch(/capped/);
    expect(within(screen.getByTestId('flow-table')).getByRole('columnheader', { name: /Date/ })).toBeTruthy();
  });

  it('historical mode says where the stored flow starts and refuses a range wholly before it', async () => {
    setup();
    renderApp('/optionsflow');
    await waitFor(() => expect(tickers()).toHaveLength(3), { timeout: 15_000 });
    await userEvent.click(screen.getByRole('switch', { name: 'Live' }));
    const range = screen.getByLabelText('Start - End') as HTMLInputElement;
    const update = () => (screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled;
    fireEvent.change(range, { target: { value: '2023-06-01 - 2023-06-30' } });
    expect(update()).toBe(true);
    fireEvent.change(range, { target: { value: '2023-06-01 - 2024-03-08' } });
    expect(update()).toBe(false);
    expect(screen.getByTestId('range-notice').textContent).toMatch(/stored from 2023-12-12/);
    fireEvent.change(range, { target: { value: '2023-12-12 - 2024-03-08' } });
    expect(screen.queryByTestId('range-notice')).toBeNull();
  });

  it('gives a free user the subscribe alert, loads nothing, and More info opens /subscriptioncards', async () => {
    const fetchMock = setup({ ...basic, subscription: 'free' });
    const { location } = renderApp('/optionsflow');
    expect(await screen.findByText('You need to subscribe to access this page.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('options_flow'))).toBe(false);
    expect(FakeWebSocket.instances).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'More info' }));
    await waitFor(() => expect(location.pathname).toBe('/subscriptioncards'));
  });
});
