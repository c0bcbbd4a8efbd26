import { beforeEach, describe, expect, it } from 'vitest';
import { answerOnce, clearKeptAnswers } from './historical-answers.ts';

describe('historical answers kept per container', () => {
  beforeEach(() => clearKeptAnswers());

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
    expect((await answerOnce('k', build)).bytes.toString()).toBe('{"options_flow":[]}');
    expect(builds).toBe(1);
    await answerOnce('other', build);
    expect(builds).toBe(2);
  });

  it('forgets a failed build: the next request builds again', async () => {
    await expect(answerOnce('k', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    const again = await answerOnce('k', async () => Buffer.from('{}'));
    expect(again.bytes.toString()).toBe('{}');
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
