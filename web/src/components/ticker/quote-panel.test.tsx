import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { QuotePanel } from './quote-panel.tsx';
import {
  AAPL_INFO,
  AAPL_VOLATILITY,
  SPY_INFO,
  UNKNOWN_TICKER_ALERT,
  VIX_INFO,
  VIX_VOLATILITY,
} from './test/ticker-fixtures.ts';
import { callsTo, renderWithApp, stubFetch } from './test/ticker-harness.tsx';

const INFO = '/api/get_ticker_info';
const VOLATILITY = '/api/get_volatility_summary';

function stubInfo(byTicker: Record<string, unknown>, volatility: Record<string, unknown> = {}) {
  return stubFetch((path, params) => {
    const ticker = params.get('ticker') ?? '';
    // A ticker without a summary given lists no options (no alert: the quote tests are about the quote).
    const body =
      path === INFO
        ? byTicker[ticker]
        : path === VOLATILITY
          ? (volatility[ticker] ?? { ...VIX_VOLATILITY, ticker })
          : undefined;
    if (body === undefined) return [404, UNKNOWN_TICKER_ALERT];
    return [200, body];
  });
}

/** The value shown under a stat label (the <dd> next to the <dt>). */
function stat(label: string): string | null | undefined {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

const ready = (ticker: string) =>
  screen.findByRole('region', { name: `Quote for ${ticker}` }).then(async (panel) => {
    await within(panel).findByTestId('quote-price');
    return panel;
  });

describe('QuotePanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a skeleton while loading, then the formatted quote of a rising ticker', async () => {
    const fetchMock = stubInfo({ AAPL: AAPL_INFO });
    renderWithApp(<QuotePanel ticker="aapl" />);
    expect(screen.getByRole('region', { name: 'Quote for AAPL' }).getAttribute('aria-busy')).toBe('true');
    await ready('AAPL');
    expect(screen.getByRole('heading', { name: 'Apple Inc.' })).toBeTruthy();
    expect(screen.getByTestId('quote-ticker').textContent).toBe('AAPL');
    expect(screen.getByText('Mar 8, 2024')).toBeTruthy();
    expect(screen.getByTestId('quote-price').textContent).toBe('170.73');
    const change = screen.getByTestId('quote-change');
    expect(change.textContent).toBe('+1.73 (+1.02%)');
    expect(change.getAttribute('data-trend')).toBe('positive');
    expect(change.classList.contains('quote-change--positive')).toBe(true);
    expect(stat('Sector')).toBe('Information Technology');
    expect(stat('Industry')).toBe('Technology Hardware, Storage & Peripherals');
    expect(stat('Volume')).toBe('76,114,600');
    expect(stat('Avg. volume')).toBe('61,043,057');
    expect(stat("Day's range")).toBe('168.94 – 173.70');
    expect(stat('52-week range')).toBe('147.61 – 199.62');
    expect(screen.queryByTestId('quote-basis')).toBeNull();
    expect(callsTo(fetchMock, INFO).map((u) => u.searchParams.get('ticker'))).toEqual(['AAPL']);
  });

  it('uses the global ticker (SPY) by default and marks a fall as negative with a minus sign', async () => {
    stubInfo({ SPY: SPY_INFO });
    renderWithApp(<QuotePanel />);
    await ready('SPY');
    expect(screen.getByTestId('quote-price').textContent).toBe('502.24');
    const change = screen.getByTestId('quote-change');
    expect(change.textContent).toBe('−3.03 (−0.60%)');
    expect(change.getAttribute('data-trend')).toBe('negative');
    expect(stat('52-week range')).toBe('368.00 – 508.62');
    // The bundled ETF closes are dividend-adjusted; a stock's quote needs no such note.
    expect(screen.getByTestId('quote-basis').textContent).toBe('Dividend-adjusted close');
  });

  it('colours the change from the theme palette', async () => {
    stubInfo({
      SPY: SPY_INFO,
      AAPL: AAPL_INFO,
      FLAT: { ...AAPL_INFO, ticker: 'FLAT', todaysChange: 0, todaysChangePerc: 0 },
    });
    renderWithApp(
      <>
        <QuotePanel ticker="SPY" />
        <QuotePanel ticker="AAPL" />
        <QuotePanel ticker="FLAT" />
      </>,
    );
    // The computed colour as rgb(): happy-dom answers a colour as it was written (#2e7d32), browsers as rgb().
    const colorOf = async (ticker: string) =>
      asRgb(getComputedStyle(within(await ready(ticker)).getByTestId('quote-change')).color);
    // Light theme: success #2e7d32, error #c62828, text.secondary rgba(0, 0, 0, 0.6).
    expect(await colorOf('AAPL')).toBe('rgb(46, 125, 50)');
    expect(await colorOf('SPY')).toBe('rgb(198, 40, 40)');
    expect(await colorOf('FLAT')).toBe('rgba(0, 0, 0, 0.6)');
  });

  it('treats an unchanged price (or one that rounds to 0.00) as neutral without a sign', async () => {
    stubInfo({ FLAT: { ...AAPL_INFO, ticker: 'FLAT', todaysChange: 0.004, todaysChangePerc: -0.001 } });
    renderWithApp(<QuotePanel ticker="FLAT" />);
    await ready('FLAT');
    const change = screen.getByTestId('quote-change');
    expect(change.textContent).toBe('0.00 (0.00%)');
    expect(change.getAttribute('data-trend')).toBe('neutral');
  });

  it('shows "—" for null volumes (indexes)', async () => {
    stubInfo({ VIX: VIX_INFO });
    renderWithApp(<QuotePanel ticker="VIX" />);
    await ready('VIX');
    expect(stat('Volume')).toBe('—');
    expect(stat('Avg. volume')).toBe('—');
    expect(screen.getByTestId('quote-change').textContent).toBe('+0.30 (+2.08%)');
    expect(stat("Day's range")).toBe('13.97 – 15.53');
  });

  it('does not crash when every value is null (the legacy API sent NaN)', async () => {
    const allNull = Object.fromEntries(Object.keys(AAPL_INFO).map((key) => [key, null]));
    stubInfo({ NULLS: { ...allNull, ticker: 'NULLS' } });
    renderWithApp(<QuotePanel ticker="NULLS" />);
    await ready('NULLS');
    expect(screen.getByTestId('quote-price').textContent).toBe('—');
    expect(screen.getByTestId('quote-change').textContent).toBe('—');
    expect(screen.getByTestId('quote-change').getAttribute('data-trend')).toBe('neutral');
    for (const label of ['Sector', 'Industry', 'Volume', 'Avg. volume', "Day's range", '52-week range']) {
      expect(stat(label)).toBe('—');
    }
  });

  it("shows the ticker's IV rank and next expected move, linking its option chain and volatility pages", async () => {
    const fetchMock = stubInfo({ AAPL: AAPL_INFO }, { AAPL: AAPL_VOLATILITY });
    renderWithApp(<QuotePanel ticker="AAPL" />);
    await ready('AAPL');
    const line = await screen.findByTestId('quote-options');
    expect(within(line).getByTestId('quote-iv-rank').textContent).toBe('41');
    expect(line.textContent).toContain('(IV 23.8%)');
    expect(line.textContent).toContain('Expected move to 2024-03-11');
    expect(within(line).getByTestId('quote-expected-move').textContent).toBe('±4.35');
    expect(within(line).getByRole('link', { name: 'Option chain' }).getAttribute('href')).toBe('/optionchain/AAPL');
    expect(within(line).getByRole('link', { name: 'Volatility' }).getAttribute('href')).toBe('/volatility/AAPL');
    // Asked for once the quote is in, once.
    expect(callsTo(fetchMock, VOLATILITY).map((u) => u.searchParams.get('ticker'))).toEqual(['AAPL']);
  });

  it('shows no options line for an index, and does not ask for it when the ticker is unknown', async () => {
    const fetchMock = stubInfo({ VIX: VIX_INFO }, { VIX: VIX_VOLATILITY });
    renderWithApp(<QuotePanel ticker="VIX" />);
    await ready('VIX');
    await waitFor(() => expect(callsTo(fetchMock, VOLATILITY)).toHaveLength(1));
    expect(screen.queryByTestId('quote-options')).toBeNull();

    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unknown = stubInfo({});
    renderWithApp(<QuotePanel ticker="QQQQX" />);
    expect(await screen.findByText('Unknown ticker QQQQX')).toBeTruthy();
    expect(callsTo(unknown, VOLATILITY)).toHaveLength(0);
  });

  it('shows an inline "Unknown ticker" state on 404 while the api client raises the alert', async () => {
    stubInfo({});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(<QuotePanel ticker="QQQQX" />);
    expect(await screen.findByText('Unknown ticker QQQQX')).toBeTruthy();
    expect(await screen.findByText(UNKNOWN_TICKER_ALERT.alert_message)).toBeTruthy();
    expect(screen.queryByTestId('quote-price')).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('says the quote is unavailable on other errors', async () => {
    stubFetch(() => [500, { message: 'boom' }]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(<QuotePanel ticker="AAPL" />);
    expect(await screen.findByText('Quote for AAPL is unavailable')).toBeTruthy();
  });
});

function asRgb(colour: string): string {
  const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(colour);
  if (!hex) return colour;
  const [r, g, b] = hex.slice(1).map((h) => Number.parseInt(h, 16));
  return `rgb(${r}, ${g}, ${b})`;
}
