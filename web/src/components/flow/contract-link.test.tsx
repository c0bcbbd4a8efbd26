import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ContractLink, contractLabel, contractPath } from './contract-link.tsx';

describe('contract link', () => {
  it("opens the page of a print's contract, by its OCC symbol", () => {
    render(
      <MemoryRouter>
        <ContractLink print={{ ticker: 'spy', put_call: 'Put', strike_price: 512.5, date_expiration: '2024-03-15' }}>
          512.5
        </ContractLink>
        <ContractLink symbol="NVDA240419C00900000" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '512.5' }).getAttribute('href')).toBe('/contract/SPY240315P00512500');
    expect(screen.getByRole('link', { name: 'NVDA 900C 2024-04-19' }).getAttribute('href')).toBe(
      '/contract/NVDA240419C00900000',
    );
  });

  it('labels a symbol as a trader reads it, and leaves anything else as it is', () => {
    expect(contractLabel('BRK.B240315C00412500')).toBe('BRK.B 412.5C 2024-03-15');
    expect(contractLabel('not-a-symbol')).toBe('not-a-symbol');
    expect(contractPath('SPY240315C00510000')).toBe('/contract/SPY240315C00510000');
  });
});
