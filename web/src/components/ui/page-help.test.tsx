import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHelp } from './page-help.tsx';

const setWidth = (w: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: w });
  window.dispatchEvent(new Event('resize'));
};

describe('PageHelp', () => {
  afterEach(() => setWidth(1024));

  it('is open on a wide screen and folds behind "How it is computed" on a phone', () => {
    setWidth(1440);
    render(
      <PageHelp testId="help">
        <p>RS = price / benchmark</p>
      </PageHelp>,
    );
    const details = screen.getByTestId('help') as HTMLDetailsElement;
    expect(details.open).toBe(true);
    expect(screen.getByText('How it is computed').tagName).toBe('SUMMARY');

    act(() => setWidth(375));
    const folded = screen.getByTestId('help') as HTMLDetailsElement;
    expect(folded.open).toBe(false);
    // Folded, not removed: the text stays in the page.
    expect(folded.textContent).toContain('RS = price / benchmark');
  });
});
