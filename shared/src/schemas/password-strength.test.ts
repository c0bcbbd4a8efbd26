import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from './accounts.ts';
import { weakPasswordProblem } from './password-strength.ts';

describe('weakPasswordProblem: the common-password check (zxcvbn score >= 3)', () => {
  it.each(['password', '12345678', 'aaaaaaaa', 'abcdefgh', 'qwertyuiop', 'P@ssw0rd!', 'Password2024', 'Summer2024!', 'iloveyou12', 'monkey123456', 'tapewatch2024'])(
    'refuses %j',
    (password) => expect(weakPasswordProblem(password)).toBe(M.passwordWeak),
  );

  it.each(['correct horse battery staple', 'Kettle-Orbit-Plum-7', 'purple rain forever', 'xk3-9mq-pLz'])('accepts %j', (password) =>
    expect(weakPasswordProblem(password)).toBeNull(),
  );

  it("refuses a password made of the account's own username or email", () => {
    expect(weakPasswordProblem('marmalade_fox1')).toBeNull();
    expect(weakPasswordProblem('marmalade_fox1', ['Marmalade_Fox', 'someone@example.com'])).toBe(M.passwordWeak);
    expect(weakPasswordProblem('quintessa.vorn1', ['trader_9', 'quintessa.vorn@example.com'])).toBe(M.passwordWeak);
  });

  it('stays fast enough for every sign-up (no Levenshtein pass)', () => {
    weakPasswordProblem('warm-up');
    const started = performance.now();
    for (let i = 0; i < 20; i++) weakPasswordProblem(`Kettle-Orbit-Plum-${i} and a longer tail of words ${'x'.repeat(i * 4)}`);
    expect((performance.now() - started) / 20).toBeLessThan(25);
  });
});
