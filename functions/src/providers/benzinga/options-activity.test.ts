import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { benzingaRecord } from '../fixtures/benzinga-record.ts';
import { BenzingaEnvelopeError, parseBenzingaOptionsActivity } from './options-activity.ts';
import { tradeFromRecord } from './trade-from-record.ts';

describe('parseBenzingaOptionsActivity', () => {
  it("reads a multi-leg leg's conditions and order id into the trade; a record without them (Benzinga's own) has neither", () => {
    const leg = { conditions: [232], order_id: 'a1b2c3d4e5f6a1b2c3d4e5f6' };
    const r = parseBenzingaOptionsActivity({ option_activity: [benzingaRecord(leg), benzingaRecord({ id: 'x' })] });
    expect(r.skipped).toBe(0);
    expect([r.rows[0]!.conditions, r.rows[0]!.orderId]).toEqual([[232], 'a1b2c3d4e5f6a1b2c3d4e5f6']);
    expect(tradeFromRecord(r.rows[0]!)).toMatchObject({ conditions: [232], order_id: 'a1b2c3d4e5f6a1b2c3d4e5f6' });
    expect('conditions' in r.rows[1]! || 'orderId' in r.rows[1]!).toBe(false);
    const plain = tradeFromRecord(r.rows[1]!);
    expect('conditions' in plain || 'order_id' in plain).toBe(false);
  });

  it('keeps a record whose extension fields are malformed, without them', () => {
    const r = parseBenzingaOptionsActivity({
      option_activity: [benzingaRecord({ conditions: 'MLET', order_id: 12 }), benzingaRecord({ conditions: [-1] })],
    });
    expect(r.skipped).toBe(0);
    expect(r.rows.map((x) => [x.conditions, x.orderId])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
  });

  it('turns string numbers into numbers and normalises enums', () => {
    const r = parseBenzingaOptionsActivity({ option_activity: [benzingaRecord()] });
    expect(r.skipped).toBe(0);
    expect(r.rows).toEqual([
      {
        id: '5d63e8f1c2b5e10001a4b7c2',
        date: '2019-08-26',
        time: '10:35:21',
        ticker: 'SPY',
        exchange: 'NYSE',
        optionSymbol: 'SPY190826P00292000',
        putCall: 'put',
        strikePrice: 292,
        dateExpiration: '2019-08-26',
        activityType: 'sweep',
        sentiment: 'bearish',
        aggressorInd: 0.86,
        ask: 1.13,
        bid: 1.1,
        midpoint: 1.115,
        price: 1.12,
        size: 500,
        volume: 5320,
        openInterest: 1208,
        underlyingPrice: 288.01,
        underlyingType: 'ETF',
        costBasisUsd: 56000,
        tradeCount: 29,
        description: 'SPY Put Sweep (29) near the Ask: 500 @ $1.12 vs 1.2K OI; Ref=$288.01',
        updated: 1566830121,
      },
    ]);
  });

  it('accepts JSON numbers, a bare array, and vendor-optional fields left out', () => {
    const rec = benzingaRecord({
      strike_price: 292,
      size: 500,
      cost_basis: 56000,
      id: 17,
      sentiment: 'NEUTRAL',
      put_call: 'CALL',
      option_activity_type: 'TRADE',
    });
    for (const k of ['price', 'bid', 'ask', 'underlying_price', 'exchange']) delete rec[k];
    const r = parseBenzingaOptionsActivity([rec]);
    expect(r.rows[0]).toMatchObject({
      id: '17',
      strikePrice: 292,
      putCall: 'call',
      sentiment: 'neutral',
      activityType: 'trade',
      price: null,
      bid: null,
      ask: null,
      underlyingPrice: null,
      exchange: null,
    });
  });

  it('counts and skips records with a missing or invalid required field', () => {
    const bad = [
      benzingaRecord({ ticker: undefined }),
      benzingaRecord({ strike_price: 'abc' }),
      benzingaRecord({ put_call: 'STRADDLE' }),
      benzingaRecord({ date_expiration: '2019-02-30' }),
      benzingaRecord({ size: '0' }),
      benzingaRecord({ cost_basis: '' }),
      benzingaRecord({ time: '10:35' }),
      benzingaRecord({ open_interest: '12.5' }),
      'not an object',
    ];
    const r = parseBenzingaOptionsActivity({
      option_activity: [benzingaRecord(), ...bad, benzingaRecord({ id: 'b' })],
    });
    expect(r.rows.map((x) => x.id)).toEqual(['5d63e8f1c2b5e10001a4b7c2', 'b']);
    expect(r.skipped).toBe(bad.length);
    expect(r.skippedLines.map((s) => s.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.skippedLines[0]?.reason).toMatch(/^ticker/);
    expect(r.skippedLines[1]?.reason).toMatch(/^strike_price/);
  });

  it('an empty object is an empty page; anything else unknown is an envelope error', () => {
    expect(parseBenzingaOptionsActivity({}).rows).toEqual([]);
    expect(() => parseBenzingaOptionsActivity({ error: 'unauthorized' })).toThrow(BenzingaEnvelopeError);
    expect(() => parseBenzingaOptionsActivity('x')).toThrow(BenzingaEnvelopeError);
  });

  it('property: any single corrupted required field skips exactly that record', () => {
    const required = [
      'id',
      'date',
      'time',
      'ticker',
      'put_call',
      'strike_price',
      'date_expiration',
      'option_activity_type',
      'sentiment',
      'size',
      'cost_basis',
    ];
    const corrupt = fc.constantFrom<unknown>(undefined, null, '', 'n/a', -1, {}, []);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...required), corrupt), { maxLength: 12 }), (damage) => {
        const good = [benzingaRecord({ id: 'first' }), benzingaRecord({ id: 'last' })];
        const broken = damage.map(([field, value]) => benzingaRecord({ [field]: value }));
        const r = parseBenzingaOptionsActivity({ option_activity: [good[0], ...broken, good[1]] });
        // A corruption can still be legal (numeric id -1), so each record alone is the oracle.
        const stillValid = broken.filter((b) => parseBenzingaOptionsActivity([b]).rows.length === 1).length;
        expect(r.rows.map((x) => x.id).filter((id) => id === 'first' || id === 'last')).toEqual(['first', 'last']);
        expect(r.skipped).toBe(broken.length - stillValid);
      }),
    );
  });
});
