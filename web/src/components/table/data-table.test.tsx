import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type ColumnDef } from './data-table.tsx';

interface Trade {
  ticker: string;
  time: string;
  size: number | null;
  venue: string;
}

const columns: ColumnDef<Trade>[] = [
  { id: 'ticker', header: 'Ticker', value: (r) => r.ticker },
  { id: 'time', header: 'Time', value: (r) => r.time, firstDirection: 'desc' },
  {
    id: 'size',
    header: 'Size',
    value: (r) => r.size,
    format: (r) => (r.size === null ? '-' : `${r.size} lots`),
    align: 'right',
  },
  { id: 'venue', header: 'Venue', value: (r) => r.venue, tier: 2 },
];

const base: Trade[] = [
  { ticker: 'MSFT', time: '10:02', size: 30, venue: 'CBOE' },
  { ticker: 'AAPL', time: '09:31', size: 100, venue: 'ISE' },
  { ticker: 'SPY', time: '15:59', size: null, venue: 'PHLX' },
  { ticker: 'QQQ', time: '11:45', size: 5, venue: 'CBOE' },
];

const makeRows = (n: number): Trade[] =>
  Array.from({ length: n }, (_, i) => ({
    ticker: `T${String(i + 1).padStart(3, '0')}`,
    time: '10:00',
    size: i,
    venue: 'X',
  }));

function firstColumn(): string[] {
  return screen.getAllByTestId('data-row').map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

function renderTable(props: Partial<Parameters<typeof DataTable<Trade>>[0]> = {}) {
  return render(
    <DataTable<Trade> rows={base} columns={columns} pageSize={10} getRowKey={(r) => r.ticker} {...props} />,
  );
}

describe('DataTable', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('keeps input order without a sort and applies the default sort', () => {
    const { unmount } = renderTable();
    expect(firstColumn()).toEqual(['MSFT', 'AAPL', 'SPY', 'QQQ']);
    unmount();
    renderTable({ defaultSort: { columnId: 'size', direction: 'desc' } });
    expect(firstColumn()).toEqual(['AAPL', 'MSFT', 'QQQ', 'SPY']);
  });

  it('sorts ascending on first click, toggles afterwards, missing values last', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: /Size/ }));
    expect(firstColumn()).toEqual(['QQQ', 'MSFT', 'AAPL', 'SPY']);
    await user.click(screen.getByRole('button', { name: /Size/ }));
    expect(firstColumn()).toEqual(['AAPL', 'MSFT', 'QQQ', 'SPY']);
    await user.click(screen.getByRole('button', { name: /Size/ }));
    expect(firstColumn()).toEqual(['QQQ', 'MSFT', 'AAPL', 'SPY']);
  });

  it('uses the per-column first direction and marks the sorted header', async () => {
    const user = userEvent.setup();
    renderTable();
    const timeHeader = screen.getByRole('columnheader', { name: /Time/ });
    expect(timeHeader.getAttribute('aria-sort')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Time/ }));
    expect(firstColumn()).toEqual(['SPY', 'QQQ', 'MSFT', 'AAPL']);
    expect(timeHeader.getAttribute('aria-sort')).toBe('descending');
    expect(within(timeHeader).getByRole('button').className).toContain('Mui-active');
    await user.click(screen.getByRole('button', { name: /Time/ }));
    expect(firstColumn()).toEqual(['AAPL', 'MSFT', 'QQQ', 'SPY']);
    expect(timeHeader.getAttribute('aria-sort')).toBe('ascending');
  });

  it('filters on the displayed text of a column, case-insensitively', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.type(screen.getByLabelText('Filter Size'), '0 LOTS');
    expect(firstColumn()).toEqual(['MSFT', 'AAPL']);
    await user.clear(screen.getByLabelText('Filter Size'));
    await user.type(screen.getByLabelText('Filter Ticker'), 'q');
    expect(firstColumn()).toEqual(['QQQ']);
  });

  it('paginates with ellipses only beyond 3 pages from the ends', async () => {
    const user = userEvent.setup();
    renderTable({ rows: makeRows(100) });
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryAllByText('…')).toHaveLength(1);
    expect(firstColumn()[0]).toBe('T001');
    await user.click(within(nav).getByRole('button', { name: 'Go to page 4' }));
    expect(firstColumn()[0]).toBe('T031');
    expect(within(nav).queryAllByText('…')).toHaveLength(1);
    await user.click(within(nav).getByRole('button', { name: 'Go to page 5' }));
    expect(within(nav).queryAllByText('…')).toHaveLength(2);
    await user.click(within(nav).getByRole('button', { name: 'Go to page 10' }));
    expect(within(nav).queryAllByText('…')).toHaveLength(1);
    expect(firstColumn()[0]).toBe('T091');
  });

  it('returns to page 1 when a new dataset arrives', async () => {
    const user = userEvent.setup();
    const { rerender } = renderTable({ rows: makeRows(30) });
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(firstColumn()[0]).toBe('T021');
    rerender(<DataTable<Trade> rows={makeRows(30)} columns={columns} pageSize={10} getRowKey={(r) => r.ticker} />);
    expect(firstColumn()[0]).toBe('T001');
    expect(screen.getByRole('button', { name: 'page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('calls the row click callback with the row, also from the keyboard', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    await user.click(screen.getByText('AAPL'));
    expect(onRowClick).toHaveBeenCalledWith(base[1]);
    screen.getAllByTestId('data-row')[2]?.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(base[2]);
  });

  it('pads the page with blank rows up to the page size', () => {
    renderTable({ pageSize: 12, padRows: true });
    expect(screen.getAllByTestId('data-row')).toHaveLength(4);
    expect(screen.getAllByTestId('blank-row')).toHaveLength(8);
  });

  it('hides column tiers and custom hideBelow columns by viewport width', () => {
    window.innerWidth = 1000;
    const withCustom: ColumnDef<Trade>[] = [...columns, { id: 'x', header: 'Wide', value: () => 1, hideBelow: 1100 }];
    const { unmount } = render(
      <DataTable<Trade> rows={base} columns={withCustom} pageSize={10} getRowKey={(r) => r.ticker} />,
    );
    expect(screen.queryByRole('columnheader', { name: /Venue/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /Wide/ })).toBeNull();
    unmount();
    window.innerWidth = 1300;
    render(<DataTable<Trade> rows={base} columns={withCustom} pageSize={10} getRowKey={(r) => r.ticker} />);
    expect(screen.getByRole('columnheader', { name: /Venue/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Wide/ })).toBeTruthy();
  });
});

describe('DataTable CSV export with shared columns', () => {
  const captured: Blob[] = [];
  beforeEach(() => {
    captured.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      captured.push(b as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  const textOf = (b: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(b);
    });
  afterEach(() => vi.restoreAllMocks());

  it("exports the registry's headers and raw values (the API's CSV columns), not the table's own", async () => {
    render(
      <DataTable<Trade>
        rows={base}
        columns={columns}
        pageSize={10}
        getRowKey={(r) => r.ticker}
        defaultSort={{ columnId: 'ticker', direction: 'asc' }}
        csvFileName="trades"
        csvColumns={[
          { header: 'Symbol', value: (r) => r.ticker },
          { header: 'Contracts', value: (r) => r.size },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await textOf(captured[0]!)).toBe('Symbol,Contracts\r\nAAPL,100\r\nMSFT,30\r\nQQQ,5\r\nSPY,\r\n');
  });
});
