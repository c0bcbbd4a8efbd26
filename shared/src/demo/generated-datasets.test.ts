import { describe, expect, it } from 'vitest';
import { demoBadgeText, generatedCaption } from './generated-datasets.ts';

describe('generated datasets (issue 37)', () => {
  it('the badge names every generated dataset', () => {
    expect(demoBadgeText('2024-03-08', true)).toBe(
      'Demo data as of 2024-03-08 — options flow, option chains, short interest and FINRA short volume simulated',
    );
    expect(demoBadgeText(null, false)).toBe('Demo data');
  });

  it("a screen's caption names its datasets", () => {
    expect(generatedCaption(['short_interest'])).toBe('Demo: short interest is simulated (seeded), not market data.');
    expect(generatedCaption(['options_flow', 'option_chains'])).toBe(
      'Demo: options flow and option chains are simulated (seeded), not market data.',
    );
    // A plural name takes a plural verb on its own too.
    expect(generatedCaption(['option_chains'])).toBe('Demo: option chains are simulated (seeded), not market data.');
  });
});
