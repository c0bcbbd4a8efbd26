import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { DIRECTORY_HEADERS } from '../nasdaq/symbol-directory.ts';

/** otherlisted.txt's Exchange codes for the exchange names the directory stores. */
const OTHER_CODES: Readonly<Record<string, string>> = {
  NYSE: 'N',
  'NYSE American': 'A',
  'NYSE Arca': 'P',
  'Cboe BZX': 'Z',
  IEX: 'V',
};

/** MMDDYYYYHH:MM, the directories' File Creation Time. */
const creationTime = (date: string) => `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}17:00`;

/**
 * The demo directory written as nasdaqlisted.txt and otherlisted.txt, so the universe job's parser
 * reads the demo through the wire format too. A listing on an exchange the other file does not
 * code (or none) goes into nasdaqlisted.txt.
 */
export function renderNasdaqDirectories(
  entries: readonly DirectoryEntry[],
  today: string,
): { nasdaqlisted: string; otherlisted: string } {
  const nasdaq = [DIRECTORY_HEADERS.nasdaqlisted];
  const other = [DIRECTORY_HEADERS.otherlisted];
  for (const e of entries) {
    if (e.kind === 'index') continue;
    const etf = e.kind === 'etf' ? 'Y' : 'N';
    const name = e.company.replaceAll('|', ' ');
    const code = OTHER_CODES[e.exchange];
    if (code) other.push([e.symbol, name, code, e.symbol, etf, '100', 'N', e.symbol].join('|'));
    else nasdaq.push([e.symbol, name, 'Q', 'N', 'N', '100', etf, 'N'].join('|'));
  }
  const trailer = `File Creation Time: ${creationTime(today)}|||||||`;
  return { nasdaqlisted: [...nasdaq, trailer, ''].join('\r\n'), otherlisted: [...other, trailer, ''].join('\r\n') };
}
