import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES as M,
  capitalizePlan,
  emailProblem,
  isValidEmail,
  loginBody,
  loginProblem,
  signupBody,
  signupProblem,
  updatePasswordProblem,
} from './accounts.ts';

const ok = {
  username: 'trader_1',
  email: 'trader@example.com',
  password: 'Brisk-Lantern-42',
  password_confirmation: 'Brisk-Lantern-42',
};

describe('signupProblem: the spec order, first failure wins', () => {
  it.each([
    [{ ...ok, username: 'abcd', email: '' }, M.enterUsername],
    [{ ...ok, email: 'a@b.com', password: '' }, M.enterEmail],
    [{ ...ok, password: '1234567', password_confirmation: '' }, M.enterPassword],
    [{ ...ok, password_confirmation: '1234567' }, M.confirmPassword],
    [{ ...ok, password_confirmation: 'Brisk-Lantern-43' }, M.passwordsDiffer],
    [{ ...ok, terms_accepted: false }, M.acceptTerms],
    [{ ...ok, username: 'trader-1' }, M.usernameFormat],
    [{ ...ok, email: 'trader@example' }, M.emailFormat],
    [{ ...ok, password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }, M.passwordFormat],
    [{ ...ok, password: '\0'.repeat(8), password_confirmation: '\0'.repeat(8) }, M.passwordControl],
    [{ ...ok, password: 'line\nbreak-pw', password_confirmation: 'line\nbreak-pw' }, M.passwordControl],
    [{ ...ok, password: 'trailing space ', password_confirmation: 'trailing space ' }, M.passwordEdgeSpace],
  ])('%o -> %s', (input, message) => expect(signupProblem(input)).toBe(message));

  it('accepts a valid form with or without the (client-only) terms flag', () => {
    expect(signupProblem(ok)).toBeNull();
    expect(signupProblem({ ...ok, terms_accepted: true })).toBeNull();
    expect(
      signupProblem({
        ...ok,
        username: 'a'.repeat(20),
        password: 'p'.repeat(128),
        password_confirmation: 'p'.repeat(128),
      }),
    ).toBeNull();
    // Spaces inside are fine (NIST SP 800-63B); the common-password check is password-strength.ts.
    expect(
      signupProblem({
        ...ok,
        password: 'correct horse battery staple',
        password_confirmation: 'correct horse battery staple',
      }),
    ).toBeNull();
  });
});

describe('other forms', () => {
  it('login: identifier >= 5, password 8-128', () => {
    expect(loginProblem({ username_or_email: 'abcd', password: 'Brisk-Lantern-42' })).toBe(M.enterIdentifier);
    expect(loginProblem({ username_or_email: 'abcde', password: 'secret1' })).toBe(M.enterLoginPassword);
    expect(loginProblem({ username_or_email: 'abcde', password: 'secret12' })).toBeNull();
    expect(loginProblem({ username_or_email: 'abcde', password: 'p '.repeat(64) })).toBeNull();
    expect(loginProblem({ username_or_email: 'abcde', password: 'p'.repeat(129) })).toBe(M.enterLoginPassword);
  });
  it('resend / reset email and update password', () => {
    expect(emailProblem('a@b.cd')).toBe(M.enterEmail);
    expect(emailProblem('someone@x')).toBe(M.emailFormat);
    expect(emailProblem('someone@x.io')).toBeNull();
    expect(updatePasswordProblem({ password: 'short', password_confirmation: 'whatever1' })).toBe(M.enterPassword);
    expect(updatePasswordProblem({ password: 'Velvet-Canyon-88', password_confirmation: 'short' })).toBe(
      M.confirmPassword,
    );
    expect(updatePasswordProblem({ password: 'Velvet-Canyon-88', password_confirmation: 'Velvet-Canyon-8g' })).toBe(
      M.passwordsDiffer,
    );
    expect(
      updatePasswordProblem({ password: 'Velvet-Canyon-88', password_confirmation: 'Velvet-Canyon-88' }),
    ).toBeNull();
  });
  it('email syntax', () => {
    for (const good of ['a.b+c@sub.example.co.uk', "o'neil@example.com"]) expect(isValidEmail(good)).toBe(true);
    for (const bad of ['a@@b.com', 'a b@c.com', '@c.com', 'a@.com', 'a@b.c', `${'a'.repeat(250)}@b.com`])
      expect(isValidEmail(bad)).toBe(false);
  });
  it('exact spec texts and wire defaults', () => {
    expect(M.signupSuccess).toBe(
      'You have successfully registered. We have sent you a confirmation email to activate your account.',
    );
    expect(M.signupCheckout).toBe('You will now be redirected to Stripe for checkout.');
    expect(signupBody.parse({})).toEqual({
      username: '',
      email: '',
      password: '',
      password_confirmation: '',
      selected_subscription: 'free',
    });
    expect(loginBody.parse({ username_or_email: 'x' })).toEqual({
      username_or_email: 'x',
      password: '',
      remember: false,
    });
    expect(capitalizePlan('basic')).toBe('Basic');
    expect(capitalizePlan('')).toBe('');
  });
});
