import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FAMILY_HELP, Sp500Definitions } from './definitions.tsx';

const MONTH_YEAR = /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/;

describe('S&P 500 Statistics definitions', () => {
  it('hard-code no data dates (the file is updated; each dataset shows its own last date)', () => {
    render(<Sp500Definitions />);
    const text = screen.getByTestId('sp500-definitions').textContent!;
    expect(text).not.toMatch(MONTH_YEAR);
    for (const help of Object.values(FAMILY_HELP)) expect(help).not.toMatch(MONTH_YEAR);
    // Only the history's fixed starts (1871 data, 1881 CAPE) are years worth naming.
    expect(text.match(/\b(19|20)\d{2}\b/g)).toBeNull();
  });

  it('still explains where each series ends and the missing-value rule', () => {
    render(<Sp500Definitions />);
    const text = screen.getByTestId('sp500-definitions').textContent!;
    expect(text).toContain('the months after that are missing, never zero');
    expect(text).toContain('dividends and earnings');
    expect(FAMILY_HELP.real_price).toContain('latest month with a CPI reading');
  });
});
