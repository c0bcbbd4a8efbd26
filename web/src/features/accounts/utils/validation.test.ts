import { describe, expect, it } from 'vitest';
import { emailProblem, loginProblem, signupProblem, updatePasswordProblem } from '@tapewatch/shared/schemas/accounts';

// The forms call the shared rules (the server applies the same ones); these tests pin what the
// browser shows: the spec's order and exact texts (part 2 section 5), then the format hints.
const ok = {
  username: 'trader_1',
  email: 'a@example.com',
  password: 'Brisk-Lantern-42',
  password_confirmation: 'Brisk-Lantern-42',
  terms_accepted: true,
};

describe('sign-up validation as the form runs it', () => {
  it('passes a complete form', () => expect(signupProblem(ok)).toBeNull());

  it('reports the first failing rule with its exact text, in the spec order', () => {
    const cases: Array<[Partial<typeof ok>, string]> = [
      // Everything wrong at once: the username rule wins because it comes first.
      [
        { username: 'abcd', email: 'a@b.c', password: 'x', password_confirmation: 'y', terms_accepted: false },
        'Please enter a username',
      ],
      [{ email: 'a@b.cde', password: 'x', password_confirmation: 'y', terms_accepted: false }, 'Please enter an email'],
      [{ password: '1234567', password_confirmation: 'y', terms_accepted: false }, 'Please enter a password'],
      [{ password_confirmation: '1234567', terms_accepted: false }, 'Please confirm your password'],
      [{ password_confirmation: 'Brisk-Lantern-43', terms_accepted: false }, 'Passwords do not match'],
      [{ terms_accepted: false }, 'You must accept Terms and Conditions'],
    ];
    for (const [change, message] of cases) expect(signupProblem({ ...ok, ...change })).toBe(message);
  });

  it('uses the boundaries of section 9: username 5, email 8, password 8; then the field hints', () => {
    expect(signupProblem({ ...ok, username: 'abcde' })).toBeNull();
    expect(signupProblem({ ...ok, email: 'a@bc.de' })).toBe('Please enter an email'); // 7 characters
    expect(signupProblem({ ...ok, email: 'a@bcd.ef' })).toBeNull(); // 8 characters
    // The form checks length and characters; a common password ('12345678') is refused by the server.
    expect(signupProblem({ ...ok, password: '12345678', password_confirmation: '12345678' })).toBeNull();
    expect(signupProblem({ ...ok, username: 'bad name' })).toMatch(/letters, digits and underscore/);
    expect(signupProblem({ ...ok, password: 'has spaces ok', password_confirmation: 'has spaces ok' })).toBeNull();
    expect(signupProblem({ ...ok, password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) })).toMatch(
      /8 to 128 characters/,
    );
    expect(signupProblem({ ...ok, password: 'tab\tinside', password_confirmation: 'tab\tinside' })).toMatch(
      /control characters/,
    );
  });
});

describe('login, resend/reset and update-password validation', () => {
  it('login: identifier under 5, then password under 8', () => {
    expect(loginProblem({ username_or_email: 'abcd', password: '' })).toBe('Please enter an email or a username');
    expect(loginProblem({ username_or_email: 'abcde', password: '1234567' })).toBe('Please enter your password');
    expect(loginProblem({ username_or_email: 'abcde', password: '12345678' })).toBeNull();
  });

  it('resend and reset: email under 8', () => {
    expect(emailProblem('a@b.cde')).toBe('Please enter an email');
    expect(emailProblem('a@bcd.ef')).toBeNull();
  });

  it('update password: password, confirmation, then match', () => {
    expect(updatePasswordProblem({ password: 'short', password_confirmation: 'short' })).toBe(
      'Please enter a password',
    );
    expect(updatePasswordProblem({ password: 'Velvet-Canyon-88', password_confirmation: 'short' })).toBe(
      'Please confirm your password',
    );
    expect(updatePasswordProblem({ password: 'Velvet-Canyon-88', password_confirmation: 'Velvet-Canyon-8H' })).toBe(
      'Passwords do not match',
    );
    expect(
      updatePasswordProblem({ password: 'Velvet-Canyon-88', password_confirmation: 'Velvet-Canyon-88' }),
    ).toBeNull();
  });
});
