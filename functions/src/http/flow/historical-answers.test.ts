import { beforeEach, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { HistoricalAnswerWriter, ROWS_PER_SEGMENT } from '../../domain/flow/answer-writer.ts';
import { trade } from '../../domain/flow/test-trade.ts';
import { HistoricalBody, KeptAnswers } from './historical-answers.ts';

describe('historical answers kept per container', () => {
  let kept = new KeptAnswers<Buffer>(6);
  const answerOnce = (key: string, build: () => Promise<Buffer>) => kept.answerOnce(key, build);
  beforeEach(() => {
    kept = new KeptAnswers<Buffer>(6);
  });

  it('builds a new query once for the requests that ask it while it is being built (single flight)', async () => {
    let builds = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const build = async () => {
      builds += 1;
      await gate;
      return Buffer.from('{"options_flow":[]}');
    };
    const asked = Array.from({ length: 10 }, () => answerOnce('k', build));
    release();
    const answers = await Promise.all(asked);
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect((await answerOnce('k', build)).toString()).toBe('{"options_flow":[]}');
    expect(builds).toBe(1);
    await answerOnce('other', build);
    expect(builds).toBe(2);
  });

  it('forgets a failed build: the next request builds again', async () => {
    await expect(answerOnce('k', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    const again = await answerOnce('k', async () => Buffer.from('{}'));
    expect(again.toString()).toBe('{}');
  });

  it('keeps a handful of answers, the least recently asked going first', async () => {
    let builds = 0;
    const build = async () => Buffer.from(String(++builds));
    for (let i = 0; i < 6; i++) await answerOnce(`k${i}`, build);
    await answerOnce('k0', build);
    await answerOnce('k6', build);
    expect(builds).toBe(7);
    await answerOnce('k0', build);
    expect(builds).toBe(7);
    await answerOnce('k1', build);
    expect(builds).toBe(8);
  });
});

describe('historical answer encodings', () => {
  const day = { trades: Array.from({ length: 3 * ROWS_PER_SEGMENT }, () => trade({})), rows: [] };
  const bodyOf = (rows: number[]) => {
    const writer = new HistoricalAnswerWriter();
    for (const i of rows) writer.add(day, i);
    return new HistoricalBody(writer.finish({ capped: false, scanned: day.trades.length, first_date: '2023-03-09' }));
  };
  const both = new Set(['br', 'gzip', 'deflate']);

  it('sends gzip when most of the answer is whole kept segments, brotli first when little is', async () => {
    const whole = bodyOf(day.trades.map((_, i) => i));
    expect(whole.prefers(both)).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await whole.encoded('gzip'), 'base64')).toString('utf8'))).toEqual(
      JSON.parse(whole.bytes().toString('utf8')),
    );
    // Every other row: no whole segment, so gzip would compress it all anew.
    const scattered = bodyOf(day.trades.map((_, i) => i).filter((i) => i % 2 === 0));
    expect(scattered.prefers(both)).toBe('br');
    expect(scattered.prefers(new Set(['gzip']))).toBe('gzip');
    expect(whole.prefers(new Set(['br']))).toBe('br');
    expect(whole.prefers(new Set(['deflate']))).toBeNull();
  });
});
