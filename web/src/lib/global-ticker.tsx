import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * The app-wide "current ticker" (spec 2.13): set by the ticker search, read by the quote panel
 * and the ticker pages. Kept per tab in sessionStorage so a reload keeps the ticker while a new
 * tab starts from the default.
 */
export const DEFAULT_TICKER = 'SPY';
export const GLOBAL_TICKER_STORAGE_KEY = 'tapewatch.globalTicker';

export type GlobalTickerValue = readonly [ticker: string, setTicker: (ticker: string) => void];

/** "brk.b " -> "BRK.B"; returns '' for blank input so callers can ignore it. */
export function normalizeTicker(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

function readStored(): string | undefined {
  try {
    const stored = window.sessionStorage.getItem(GLOBAL_TICKER_STORAGE_KEY);
    return stored ? normalizeTicker(stored) || undefined : undefined;
  } catch {
    // Storage can throw (disabled cookies, some private modes); fall back to the default.
    return undefined;
  }
}

function writeStored(ticker: string): void {
  try {
    window.sessionStorage.setItem(GLOBAL_TICKER_STORAGE_KEY, ticker);
  } catch {
    // Not persisting is acceptable; the in-memory value still works for this page view.
  }
}

const GlobalTickerContext = createContext<GlobalTickerValue | null>(null);

export function GlobalTickerProvider({ children, initialTicker }: { children: ReactNode; initialTicker?: string }) {
  const [ticker, setTickerState] = useState(
    () => (initialTicker ? normalizeTicker(initialTicker) : '') || readStored() || DEFAULT_TICKER,
  );

  const setTicker = useCallback((next: string) => {
    const normalized = normalizeTicker(next);
    if (!normalized) return;
    writeStored(normalized);
    setTickerState(normalized);
  }, []);

  const value = useMemo(() => [ticker, setTicker] as const, [ticker, setTicker]);
  return <GlobalTickerContext.Provider value={value}>{children}</GlobalTickerContext.Provider>;
}

/** `[ticker, setTicker]`; the ticker is always uppercase and never empty. */
export function useGlobalTicker(): GlobalTickerValue {
  const value = useContext(GlobalTickerContext);
  if (!value) throw new Error('useGlobalTicker must be used inside <GlobalTickerProvider>');
  return value;
}

/**
 * For screens with a ticker route parameter: a ticker in the URL wins and becomes the global
 * ticker, e.g. `useSyncGlobalTicker(useTickerParam())`. Returns the ticker to show.
 */
export function useSyncGlobalTicker(routeTicker: string | undefined): string {
  const [ticker, setTicker] = useGlobalTicker();
  const fromRoute = routeTicker ? normalizeTicker(routeTicker) : '';
  useEffect(() => {
    if (fromRoute) setTicker(fromRoute);
  }, [fromRoute, setTicker]);
  // Render the route's ticker straight away instead of one frame of the previous one.
  return fromRoute || ticker;
}
