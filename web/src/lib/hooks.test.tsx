import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useTickerParam } from './use-ticker-param.ts';
import { useIsMobile } from './use-viewport.ts';

function TickerProbe() {
  return <span data-testid="ticker">{useTickerParam() ?? 'none'}</span>;
}

function MobileProbe({ breakpoint }: { breakpoint: number }) {
  return <span data-testid="mobile">{String(useIsMobile(breakpoint))}</span>;
}

describe('useTickerParam', () => {
  it('uppercases the route parameter', () => {
    render(
      <MemoryRouter initialEntries={['/darkpools/aapl']}>
        <Routes>
          <Route path="/darkpools/:ticker?" element={<TickerProbe />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('ticker').textContent).toBe('AAPL');
  });

  it('is undefined without the parameter', () => {
    render(
      <MemoryRouter initialEntries={['/darkpools']}>
        <Routes>
          <Route path="/darkpools/:ticker?" element={<TickerProbe />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('ticker').textContent).toBe('none');
  });
});

describe('useIsMobile', () => {
  it('follows the window width across the breakpoint', () => {
    window.innerWidth = 1024;
    render(<MobileProbe breakpoint={850} />);
    expect(screen.getByTestId('mobile').textContent).toBe('false');
    act(() => {
      window.innerWidth = 375;
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByTestId('mobile').textContent).toBe('true');
    window.innerWidth = 1024;
  });
});
