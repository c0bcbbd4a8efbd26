import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TickerSearch } from './ticker-search.tsx';
import { SEARCH_RESULTS } from './test/ticker-fixtures.ts';
import { renderWithApp, stubFetch } from './test/ticker-harness.tsx';

// The Autocomplete module is held back until the test lets it through, so the test can type into
// the plain field first. Its own file: elsewhere the module is loaded once for the whole file.
const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { requested: 0, opened, open };
});
vi.mock('@mui/material/Autocomplete', async (importOriginal) => {
  gate.requested += 1;
  await gate.opened;
  return importOriginal();
});

const input = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Search ticker' });

describe('TickerSearch before its Autocomplete has loaded', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('paints a plain typeable field, loads the Autocomplete on first use and hands it the text, focus and caret', async () => {
    stubFetch((_path, params) => [
      200,
      SEARCH_RESULTS[(params.get('fragment') ?? '').toLowerCase()] ?? { tickers: [] },
    ]);
    const user = userEvent.setup();
    renderWithApp(<TickerSearch />);
    const plain = input();
    expect(plain.getAttribute('placeholder')).toBe('Enter name or ticker');
    expect(plain.getAttribute('aria-expanded')).toBe('false');
    // Painting the screen does not fetch the Autocomplete.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(gate.requested).toBe(0);

    await user.click(plain);
    await user.keyboard('app');
    expect(gate.requested).toBe(1);
    expect(input()).toBe(plain); // still the plain field: the module is held back
    expect(plain.value).toBe('app');
    plain.setSelectionRange(1, 1);

    gate.open();
    await waitFor(() => expect(input()).not.toBe(plain));
    const box = input();
    expect(box.value).toBe('app');
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([1, 1]);
    // The typed text's suggestions show in the Autocomplete's list.
    expect(await screen.findByRole('option', { name: 'AAPL - Apple Inc.' })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });
});
