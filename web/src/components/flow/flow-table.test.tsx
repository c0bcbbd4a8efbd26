import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FlowTable } from './flow-table.tsx';
import { trade } from './test-trades.ts';

function setWidth(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
const rowKeys = () => screen.getAllByTestId('flow-row').map((r) => r.getAttribute('data-key'));

const rows = [
  trade({ key: 'a', ticker: 'TSLA', time: '09:45:00', strike_price: 180, cost_basis: 1234.6, score: 0.6439 }),
  trade({ key: 'b', ticker: 'AAPL', time: '15:10:00', strike_price: 170, put_call: 'Put' }),
  trade({ key: 'c', ticker: 'NVDA', time: '11:00:00', strike_price: 900 }),
];

afterEach(() => setWidth(1024));

describe('FlowTable', () => {
  it('shows the rows newest first with formatted premium and score, padded to 12', () => {
    setWidth(1440);
    render(<FlowTable trades={rows} />);
    expect(headers()).toEqual([
      'Date',
      'Time',
      'Ticker',
      'C/P',
      'Strike ($)',
      'DTE',
      'Fill',
      'Price',
      'Size',
      'Type',
      'OI',
      'Volume',
      'Vol/OI',
      'Score',
      'Premium',
    ]);
    expect(rowKeys()).toEqual(['b', 'c', 'a']);
    const tsla = within(screen.getAllByTestId('flow-row')[2]!);
    expect(tsla.getByText('$1,235K')).toBeTruthy();
    expect(tsla.getByText('0.64')).toBeTruthy();
    expect(screen.getAllByTestId('flow-blank-row')).toHaveLength(9);
    // The default sort column is highlighted as sorted.
    expect(screen.getByRole('columnheader', { name: /Date/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts by a numeric column ascending on the first click, then descending', async () => {
    setWidth(1440);
    render(<FlowTable trades={rows} />);
    const strike = screen.getByRole('button', { name: 'Strike ($)' });
    await userEvent.click(strike);
    expect(rowKeys()).toEqual(['b', 'a', 'c']);
    expect(screen.getByRole('columnheader', { name: /Strike/ }).getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(strike);
    expect(rowKeys()).toEqual(['c', 'a', 'b']);
  });

  it('starts the Time column descending and hides Date in live mode', async () => {
    setWidth(1440);
    render(<FlowTable trades={rows} live />);
    expect(headers()).not.toContain('Date');
    await userEvent.click(screen.getByRole('button', { name: 'Ticker' }));
    expect(rowKeys()).toEqual(['b', 'c', 'a']);
    await userEvent.click(screen.getByRole('button', { name: 'Time' }));
    expect(rowKeys()).toEqual(['b', 'c', 'a']);
    expect(screen.getByRole('columnheader', { name: /Time/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('drops columns by width tier', () => {
    setWidth(1300);
    const { unmount } = render(<FlowTable trades={rows} />);
    expect(headers()).not.toContain('Fill');
    expect(headers()).toContain('DTE');
    unmount();
    setWidth(1000);
    render(<FlowTable trades={rows} />);
    expect(headers()).toEqual([
      'Date',
      'Time',
      'Ticker',
      'C/P',
      'Strike ($)',
      'Price',
      'Size',
      'Type',
      'Score',
      'Premium',
    ]);
    setWidth(375);
    expect(headers()).toEqual(['Date', 'Time', 'Ticker', 'C/P', 'Strike', 'Premium']);
    // Phones show month-day, with the full date as the cell's title.
    const dateCell = within(screen.getAllByTestId('flow-row')[0]!).getAllByRole('cell')[0]!;
    expect(dateCell.textContent).toBe('03-08');
    expect(dateCell.querySelector('[title]')?.getAttribute('title')).toBe('2024-03-08');
  });

  it('pages 12 rows at a time and returns to page 1 with a new dataset', async () => {
    setWidth(1440);
    const many = Array.from({ length: 15 }, (_, i) =>
      trade({ key: `k${String(i).padStart(2, '0')}`, time: `10:${String(i).padStart(2, '0')}:00` }),
    );
    const { rerender } = render(<FlowTable trades={many} />);
    expect(screen.getAllByTestId('flow-row')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(rowKeys()).toEqual(['k02', 'k01', 'k00']);
    expect(screen.getAllByTestId('flow-blank-row')).toHaveLength(9);
    rerender(<FlowTable trades={[...many]} />);
    expect(rowKeys()[0]).toBe('k14');
  });

  it('marks a newly prepended trade and clears the marker on sort', async () => {
    setWidth(1440);
    const { rerender } = render(<FlowTable trades={rows} live />);
    const firstRowBefore = screen.getAllByTestId('flow-row')[0];
    const fresh = trade({ key: 'n', ticker: 'AMD', time: '15:30:00' });
    rerender(<FlowTable trades={[fresh, ...rows]} live newestKey="n" />);
    const marked = screen.getAllByTestId('flow-row').filter((r) => r.getAttribute('data-new') === 'true');
    expect(marked.map((r) => r.getAttribute('data-key'))).toEqual(['n']);
    // Keyed rows: the previous first row is the same DOM node (it was not re-created).
    expect(screen.getAllByTestId('flow-row')[1]).toBe(firstRowBefore);
    await userEvent.click(screen.getByRole('button', { name: 'Ticker' }));
    expect(screen.getAllByTestId('flow-row').some((r) => r.getAttribute('data-new') === 'true')).toBe(false);
  });

  describe('spreads as one order (issue 39)', () => {
    const legA = trade({
      key: 'l1',
      order_id: 'o1',
      conditions: [232],
      time: '12:00:00',
      strike_price: 510,
      aggressor_ind: 1,
      cost_basis: 50,
    });
    const legB = trade({
      key: 'l2',
      order_id: 'o1',
      conditions: [232],
      time: '12:00:00',
      strike_price: 515,
      aggressor_ind: 0,
      cost_basis: 30,
    });
    const spreadRows = [...rows, legA, legB];

    it.each([375, 1440])('shows a two-leg order as one row at %i px, its legs on demand', async (width) => {
      setWidth(width);
      render(<FlowTable trades={spreadRows} />);
      expect(rowKeys()).toEqual(['b', 'spread:2024-03-08|o1', 'c', 'a']);
      const row = screen.getAllByTestId('flow-row')[1]!;
      expect(row.getAttribute('data-spread')).toBe('vertical');
      const premium = within(row).getByText('$20K'); // the net premium: $50K paid, $30K received
      expect(premium.getAttribute('title')).toMatch(/^Net debit/);
      expect(screen.queryAllByTestId('flow-leg-row')).toHaveLength(0);
      const toggle = within(row).getByRole('button', { name: /Vertical spread, 2 legs, bullish: show legs/ });
      await userEvent.click(toggle);
      const legs = screen.getAllByTestId('flow-leg-row');
      expect(legs.map((l) => l.getAttribute('data-key'))).toEqual(['l1', 'l2']);
      // Phones: "B Call" keeps the C/P column as narrow as "Call".
      expect(within(legs[0]!).getByText(width === 375 ? 'B Call' : 'Buy Call')).toBeTruthy();
      expect(within(legs[1]!).getByText(width === 375 ? 'S Call' : 'Sell Call')).toBeTruthy();
      expect(within(row).getByText(width === 375 ? 'Vert' : 'Vertical')).toBeTruthy();
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      await userEvent.click(toggle);
      expect(screen.queryAllByTestId('flow-leg-row')).toHaveLength(0);
    });

    it('groups legs as they stream in and marks the order; the other rows keep their nodes', () => {
      setWidth(1440);
      const { rerender } = render(<FlowTable trades={rows} live />);
      const before = screen.getAllByTestId('flow-row');
      const late = { time: '15:30:00' };
      rerender(<FlowTable trades={[{ ...legB, ...late }, { ...legA, ...late }, ...rows]} live newestKey="l2" />);
      const after = screen.getAllByTestId('flow-row');
      expect(after.map((r) => r.getAttribute('data-key'))).toEqual(['spread:2024-03-08|o1', 'b', 'c', 'a']);
      expect(after[0]!.getAttribute('data-new')).toBe('true');
      expect(after.slice(1)).toEqual(before);
      expect(after[1]).toBe(before[0]); // the same DOM node: not re-created
    });

    it('shows volume over open interest, the opening flag and the next day verdict, and IV and delta', () => {
      setWidth(1600);
      render(
        <FlowTable
          trades={[
            trade({ key: 'x', volume: 1400, open_interest: 1000, next_oi_change: 600, iv: 0.2345, delta: -0.4512 }),
          ]}
        />,
      );
      const row = within(screen.getByTestId('flow-row'));
      const cell = row.getByText('1.4x open ✓');
      expect(cell.getAttribute('title')).toMatch(/opening .* Next day open interest \+600: confirms/);
      expect(row.getByText('23.4% -0.45')).toBeTruthy();
    });
  });
});
