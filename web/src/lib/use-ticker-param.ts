import { useParams } from 'react-router';

/** Route tickers are case-insensitive in the URL (/darkpools/aapl) but always uppercase in the app. */
export function useTickerParam(name = 'ticker'): string | undefined {
  const value = useParams()[name];
  return value ? value.trim().toUpperCase() : undefined;
}
