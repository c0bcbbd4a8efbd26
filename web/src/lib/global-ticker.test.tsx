import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  GLOBAL_TICKER_STORAGE_KEY,
  GlobalTickerProvider,
  normalizeTicker,
  useGlobalTicker,
  useSyncGlobalTicker,
} from './global-ticker.tsx';

const wrapper = ({ children }: { children: ReactNode }) => <GlobalTickerProvider>{children}</GlobalTickerProvider>;

/** A screen that syncs its route ticker into the global one and shows both. */
function Screen({ routeTicker }: { routeTicker?: string }) {
  const shown = useSyncGlobalTicker(routeTicker);
  const [global] = useGlobalTicker();
  return <p>{`${shown}/${global}`}</p>;
}

describe('global ticker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('defaults to SPY', () => {
    const { result } = renderHook(() => useGlobalTicker(), { wrapper });
    expect(result.current[0]).toBe('SPY');
  });

  it('uppercases, persists in sessionStorage, and ignores blank values', () => {
    const { result } = renderHook(() => useGlobalTicker(), { wrapper });
    act(() => result.current[1](' brk.b '));
    expect(result.current[0]).toBe('BRK.B');
    expect(window.sessionStorage.getItem(GLOBAL_TICKER_STORAGE_KEY)).toBe('BRK.B');
    act(() => result.current[1]('  '));
    expect(result.current[0]).toBe('BRK.B');
  });

  it('starts from the stored ticker after a reload', () => {
    window.sessionStorage.setItem(GLOBAL_TICKER_STORAGE_KEY, 'msft');
    const { result } = renderHook(() => useGlobalTicker(), { wrapper });
    expect(result.current[0]).toBe('MSFT');
  });

  it('survives storage that throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const { result } = renderHook(() => useGlobalTicker(), { wrapper });
    act(() => result.current[1]('qqq'));
    expect(result.current[0]).toBe('QQQ');
  });

  it('a route ticker wins and becomes the global ticker', () => {
    const { rerender } = render(<Screen routeTicker="aapl" />, { wrapper });
    expect(screen.getByText('AAPL/AAPL')).toBeTruthy();
    rerender(<Screen />);
    expect(screen.getByText('AAPL/AAPL')).toBeTruthy();
  });

  it('throws a clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useGlobalTicker())).toThrow(/GlobalTickerProvider/);
  });

  it('normalizes like the API ticker parameter', () => {
    expect(normalizeTicker(' b rk.b ')).toBe('BRK.B');
  });
});
