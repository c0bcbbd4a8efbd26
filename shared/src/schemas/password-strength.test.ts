import { describe, expect, it } from 'vitest';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_MESSAGES as M } from './accounts.ts';
import { weakPasswordProblem } from './password-strength.ts';

describe('weakPasswordProblem: the common-password check (zxcvbn score >= 3)', () => {
  it.each([
    'password',
    '12345678',
    'aaaaaaaa',
    'abcdefgh',
    'qwertyuiop',
    'P@ssw0rd!',
    'Password2024',
    'Summer2024!',
    'iloveyou12',
    'monkey123456',
    'tapewatch2024',
  ])('refuses %j', (password) => expect(weakPasswordProblem(password)).toBe(M.passwordWeak));

  it.each(['correct horse battery staple', 'Kettle-Orbit-Plum-7', 'purple rain forever', 'xk3-9mq-pLz'])(
    'accepts %j',
    (password) => expect(weakPasswordProblem(password)).toBeNull(),
  );

  it("refuses a password made of the account's own username or email", () => {
    expect(weakPasswordProblem('marmalade_fox1')).toBeNull();
    expect(weakPasswordProblem('marmalade_fox1', ['Marmalade_Fox', 'someone@example.com'])).toBe(M.passwordWeak);
    expect(weakPasswordProblem('quintessa.vorn1', ['trader_9', 'quintessa.vorn@example.com'])).toBe(M.passwordWeak);
  });

  it('judges a long password by its first 64 characters: a weak prefix stays weak', () => {
    expect(weakPasswordProblem('a'.repeat(128))).toBe(M.passwordWeak);
    expect(weakPasswordProblem('password '.repeat(14))).toBe(M.passwordWeak);
    expect(weakPasswordProblem(`${'1'.repeat(64)}Kettle-Orbit-Plum-7`)).toBe(M.passwordWeak);
    expect(
      weakPasswordProblem('the quick brown fox jumps over the lazy dog while '.repeat(3).slice(0, 128)),
    ).toBeNull();
  });

  it('bounds the cost of pathological 128-character inputs', () => {
    weakPasswordProblem('warm-up');
    const started = performance.now();
    for (const s of [
      '1234567890'.repeat(13),
      '19901231'.repeat(16),
      'Pa55w0rd!'.repeat(15),
      'qwertyuiop'.repeat(13),
      'ab'.repeat(64),
    ])
      weakPasswordProblem(s.slice(0, 128));
    // ~0.1 s on an idle core; the bound leaves room for a busy machine, not for an unbounded length.
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('stays fast enough for every sign-up (no Levenshtein pass)', () => {
    // Against the same dictionary with Levenshtein matching on (~25x slower per check when it was
    // measured), timed alternately: a ratio holds on a busy machine where an absolute bound does not.
    const levenshtein = new ZxcvbnFactory({
      dictionary,
      graphs: adjacencyGraphs,
      useLevenshteinDistance: true,
    });
    const words = Array.from(
      { length: 10 },
      (_, i) => `Kettle-Orbit-Plum-${i} and a longer tail of words ${'x'.repeat(i * 4)}`,
    );
    weakPasswordProblem('warm-up');
    levenshtein.check('warm-up');
    let ours = 0;
    let theirs = 0;
    for (const w of words) {
      let t = performance.now();
      weakPasswordProblem(w);
      ours += performance.now() - t;
      t = performance.now();
      levenshtein.check(w);
      theirs += performance.now() - t;
    }
    expect(ours).toBeLessThan(theirs / 4);
    // The Levenshtein checker's ten checks take seconds on a loaded 2-core machine (it timed out at vitest's default
    // 5 s in a clean-clone run): the bound is the ratio above, not the clock.
  }, 60_000);
});
