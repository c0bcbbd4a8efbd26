/**
 * Watchlist limits and the text parsing both ends share (issue 24). Plain TypeScript, no zod, so
 * the browser can import it without the validation library.
 */
export const WATCHLIST_LIMITS = {
  /** Named lists a user may create besides the default one. */
  namedLists: 10,
  tickersPerList: 200,
  nameLength: 40,
} as const;

export const DEFAULT_WATCHLIST_ID = 'default';
export const DEFAULT_WATCHLIST_NAME = 'Watchlist';

/** A ticker as the directory spells it: trimmed, a leading `$` dropped, upper-cased ("$brk.b " -> "BRK.B"). */
export function normaliseTicker(raw: string): string {
  return raw.trim().replace(/^\$/, '').toUpperCase();
}

export const TICKER_SHAPE = /^[A-Z0-9][A-Z0-9./-]{0,9}$/;

/**
 * Tickers from pasted text: separated by commas, semicolons, spaces, tabs or lines. Empty pieces are
 * dropped; order is kept; duplicates stay (the server reports them).
 */
export function parseTickerText(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map(normaliseTicker)
    .filter((t) => t !== '');
}

/**
 * Tickers from a CSV file: the first column of each row. A header row whose first cell is not
 * ticker-shaped (e.g. "Ticker" or "Symbol") is skipped; quoted cells are unquoted.
 */
export function parseTickerCsv(text: string): string[] {
  const out: string[] = [];
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  rows.forEach((row, i) => {
    const first = row.split(/[,;\t]/)[0] ?? '';
    const cell = normaliseTicker(first.replace(/^"(.*)"$/, '$1'));
    if (cell === '') return;
    if (i === 0 && /^(TICKER|SYMBOL|SYMBOLS|TICKERS)$/.test(cell)) return;
    out.push(cell);
  });
  return out;
}

/** The CSV the export writes (one ticker per row, a header), read back by parseTickerCsv. */
export function tickersToCsv(tickers: readonly string[]): string {
  return `${['Ticker', ...tickers].join('\n')}\n`;
}
