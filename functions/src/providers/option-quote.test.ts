import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOccSymbol, parseOccSymbol } from './option-quote.ts';

describe('parseOccSymbol', () => {
  it('reads the compact CBOE form', () => {
    expect(parseOccSymbol('IWM260702C00150000')).toEqual({
      root: 'IWM',
      underlying: 'IWM',
      expiry: '2026-07-02',
      type: 'call',
      strike: 150,
    });
  });

  it('reads the padded OCC form and maps weekly index roots to the index', () => {
    expect(parseOccSymbol('SPXW  240308P05125000')).toEqual({
      root: 'SPXW',
      underlying: 'SPX',
      expiry: '2024-03-08',
      type: 'put',
      strike: 5125,
    });
  });

  it("reads Polygon's O: prefix and fractional strikes", () => {
    expect(parseOccSymbol('O:AAPL230616C00150000')).toMatchObject({ underlying: 'AAPL', strike: 150 });
    expect(parseOccSymbol('F240119C00012500')).toMatchObject({ strike: 12.5 });
    expect(parseOccSymbol('AAPL1240119C00012500')).toMatchObject({ root: 'AAPL1', underlying: 'AAPL1' });
  });

  it('rejects non-symbols and impossible dates', () => {
    for (const bad of [
      '',
      'IWM',
      'IWM260702X00150000',
      'IWM261302C00150000',
      'IWM260230C00150000',
      'TOOLONGROOT260702C00150000',
      'IWM260702C0015000',
    ]) {
      expect(parseOccSymbol(bad)).toBeNull();
    }
  });

  it('property: format -> parse round-trips', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{1,5}$/),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.constantFrom('call' as const, 'put' as const),
        fc.integer({ min: 1, max: 99_999_999 }),
        (root, d, type, milli) => {
          const o = { root, expiry: d.toISOString().slice(0, 10), type, strike: milli / 1000 };
          expect(parseOccSymbol(formatOccSymbol(o))).toMatchObject(o);
        },
      ),
    );
  });
});
