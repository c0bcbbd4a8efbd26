import { z } from 'zod';

/**
 * Accounts contract (spec part 2 sections 4, 5, 7.1). The validation functions below are THE
 * rules: the web forms call them for their alerts, the handlers call them before touching
 * Cognito. Each returns the first failing message in the spec's order, or null.
 */
export const ACCOUNT_MESSAGES = {
  // spec part 2 section 5, exact texts
  enterUsername: 'Please enter a username',
  enterEmail: 'Please enter an email',
  enterPassword: 'Please enter a password',
  confirmPassword: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  acceptTerms: 'You must accept Terms and Conditions',
  enterIdentifier: 'Please enter an email or a username',
  enterLoginPassword: 'Please enter your password',
  // server-side format rules (the spec's field hints)
  usernameFormat: 'Your username must be 5 to 20 characters: letters, digits and underscore only.',
  emailFormat: 'Please enter a valid email address.',
  // Issue 18 item 7 (NIST SP 800-63B): length and a common-password check instead of composition rules.
  passwordFormat: 'Your password must be 8 to 128 characters long. Spaces are allowed.',
  passwordControl: 'Your password cannot contain control characters such as tabs, line breaks or NUL.',
  // Cognito refuses a password that starts or ends with whitespace (its pattern is ^\S.*\S$).
  passwordEdgeSpace: 'Your password cannot begin or end with a space.',
  passwordWeak:
    'This password is too common or too easy to guess: it is on lists of leaked passwords or follows a simple pattern. Please choose another one; a few unrelated words make a strong passphrase.',
  // spec part 2 section 4, exact texts
  signupSuccess: 'You have successfully registered. We have sent you a confirmation email to activate your account.',
  signupCheckout: 'You will now be redirected to Stripe for checkout.',
  loginSuccess: 'You have successfully logged in.',
  confirmationSent: 'We have sent you a confirmation email to activate your account.',
  resetSent: 'We have sent you an email to reset your password.',
  passwordUpdated: 'Your password was successfully updated.',
  deleteConfirm:
    'Are you sure you want to delete your account? Please cancel any paid subscription before you proceed.',
  // ours
  usernameTaken: 'This username is already taken. Please choose another one.',
  accountConfirmed: 'Your account has been confirmed. You can now log in.',
  alreadyConfirmed: 'Your account is already confirmed. You can log in.',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired. Please request a new confirmation email.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetLinkUsed: 'This password reset link has already been used. Please request a new one.',
  loginFailed: 'Incorrect username, email or password.',
  notConfirmed: 'Please confirm your email address before logging in. Check your inbox for the confirmation email.',
  sessionExpired: 'Your session has expired. Please log in again.',
  loggedOut: 'You have been logged out.',
  accountDeleted: 'Your account has been deleted.',
  // no final period: the validation wrapper appends one
  credentialsInUrl: 'Credentials must be sent in the request body, never in the URL',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  // Deleting the account and creating an API key ask for the password again (issue 35 item 10).
  reauthMissing: 'Please enter your password to confirm',
  reauthFailed: 'The password is not correct. Please enter the password you log in with.',
} as const;

/** The login alert's action (spec part 2 section 4): the web app opens the resend form. */
export const RESEND_CONFIRMATION_ACTION = 'Resend confirmation';

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{5,20}$/;
/** Practical RFC 5322 subset: one @, a dotted domain with a 2+ letter TLD, no spaces. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
/** C0 and C1 control characters (NUL, tab, line breaks, DEL...): invisible, and mangled by some keyboards and terminals. */
export const PASSWORD_CONTROL_PATTERN = /\p{Cc}/u;

/**
 * The password field's hint. The server also refuses common and easily guessed passwords
 * (password-strength.ts): the form shows that answer as its alert, so the web bundle never
 * carries the dictionary.
 */
export const PASSWORD_HINT =
  '8 to 128 characters; spaces allowed. Common passwords are refused: a few unrelated words work well.';

export const ACCOUNT_LIMITS = {
  usernameMin: 5,
  usernameMax: 20,
  passwordMin: 8,
  /** NIST SP 800-63B asks for at least 64; passphrases get room to spare (Cognito allows 256). */
  passwordMax: 128,
  emailMin: 8,
  emailMax: 254,
  identifierMin: 5,
} as const;

export const PLANS = ['free', 'basic'] as const;
export type Plan = (typeof PLANS)[number];
export const PLAN_LABELS: Record<Plan, string> = { free: 'Free plan', basic: 'Basic plan $39 / month' };

export interface SignupInput {
  username: string;
  email: string;
  password: string;
  password_confirmation: string;
  /** Client only: the terms box. The server does not receive it and skips that rule. */
  terms_accepted?: boolean;
}

/** Spec order: the short-field checks, mismatch, terms (client), then the format hints. */
export function signupProblem(v: SignupInput): string | null {
  const m = ACCOUNT_MESSAGES;
  if (v.username.length < ACCOUNT_LIMITS.usernameMin) return m.enterUsername;
  if (v.email.length < ACCOUNT_LIMITS.emailMin) return m.enterEmail;
  if (v.password.length < ACCOUNT_LIMITS.passwordMin) return m.enterPassword;
  if (v.password_confirmation.length < ACCOUNT_LIMITS.passwordMin) return m.confirmPassword;
  if (v.password !== v.password_confirmation) return m.passwordsDiffer;
  if (v.terms_accepted === false) return m.acceptTerms;
  if (!USERNAME_PATTERN.test(v.username)) return m.usernameFormat;
  if (!isValidEmail(v.email)) return m.emailFormat;
  return passwordFormatProblem(v.password);
}

/**
 * The synchronous password rules shared by sign-up and update: length, control characters, edge
 * spaces. The common-password check needs a dictionary too large for the web bundle, so it lives in
 * password-strength.ts, which the server always runs after these (and the web loads only lazily).
 */
export function passwordFormatProblem(password: string): string | null {
  if (password.length > ACCOUNT_LIMITS.passwordMax) return ACCOUNT_MESSAGES.passwordFormat;
  if (PASSWORD_CONTROL_PATTERN.test(password)) return ACCOUNT_MESSAGES.passwordControl;
  if (password.trim() !== password) return ACCOUNT_MESSAGES.passwordEdgeSpace;
  return null;
}

export function loginProblem(v: { username_or_email: string; password: string }): string | null {
  if (v.username_or_email.trim().length < ACCOUNT_LIMITS.identifierMin) return ACCOUNT_MESSAGES.enterIdentifier;
  if (v.password.length < ACCOUNT_LIMITS.passwordMin || v.password.length > ACCOUNT_LIMITS.passwordMax) {
    return ACCOUNT_MESSAGES.enterLoginPassword;
  }
  return null;
}

/** Resend confirmation and reset password (the client shows it, then still sends the request). */
export function emailProblem(email: string): string | null {
  if (email.length < ACCOUNT_LIMITS.emailMin) return ACCOUNT_MESSAGES.enterEmail;
  if (!isValidEmail(email)) return ACCOUNT_MESSAGES.emailFormat;
  return null;
}

export function updatePasswordProblem(v: { password: string; password_confirmation: string }): string | null {
  const m = ACCOUNT_MESSAGES;
  if (v.password.length < ACCOUNT_LIMITS.passwordMin) return m.enterPassword;
  if (v.password_confirmation.length < ACCOUNT_LIMITS.passwordMin) return m.confirmPassword;
  if (v.password !== v.password_confirmation) return m.passwordsDiffer;
  return passwordFormatProblem(v.password);
}

export function isValidEmail(email: string): boolean {
  return email.length <= ACCOUNT_LIMITS.emailMax && EMAIL_PATTERN.test(email);
}

/** Emails are compared case-insensitively; usernames keep their case for display but are unique ignoring it. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** "basic" -> "Basic" for the profile page; empty stays empty. */
export function capitalizePlan(subscription: string): string {
  return subscription.length > 0 ? subscription[0]!.toUpperCase() + subscription.slice(1).toLowerCase() : '';
}

// ---- wire shapes -------------------------------------------------------------------------

/** Account POSTs take no query string: a password in the URL would land in access logs. */
export const noCredentialsQuery = z
  .record(z.string(), z.string().optional())
  .refine((q) => Object.keys(q).length === 0, { message: ACCOUNT_MESSAGES.credentialsInUrl });

// Fields default to '' so a missing field gets the spec's message from the rules above, not a zod one.
const text = (max = 320) => z.string().max(max).default('');

export const signupBody = z.strictObject({
  username: text(),
  email: text(),
  password: text(),
  password_confirmation: text(),
  selected_subscription: z.enum(PLANS).default('free'),
});
export const tokenBody = z.strictObject({ token: text(200) });
export const loginBody = z.strictObject({
  username_or_email: text(),
  password: text(),
  remember: z.boolean().default(false),
});
export const refreshTokenBody = z.strictObject({ refresh_token: text(4096) });
export const logoutBody = z.strictObject({ refresh_token: z.string().max(4096).optional() }).optional();
export const emailBody = z.strictObject({ email: text() });
export const updatePasswordBody = z.strictObject({
  password: text(),
  password_confirmation: text(),
  token: text(200),
});

export const accountAlertResponse = z.object({
  alert_show: z.literal(true),
  alert_message: z.string(),
  alert_content: z.string().optional(),
  /** Label of the alert's action link (login of an unconfirmed account: "Resend confirmation"). */
  alert_action: z.string().optional(),
});
export type AccountAlert = z.infer<typeof accountAlertResponse>;

export const signupResponse = accountAlertResponse.extend({
  /**
   * Basic plan only: a short-lived signed ticket bound to the new user's id. The client passes it
   * to the checkout call (issue 9) together with the email, since the account has no token yet.
   */
  checkout_ticket: z.string().optional(),
});
export type SignupResponse = z.infer<typeof signupResponse>;

export const loginResponse = accountAlertResponse.extend({
  /** Cognito access token (JWT): send as `Authorization: Bearer`. Present only on success. */
  token: z.string().optional(),
  /** Renews the token through refresh_token for 30 days (kept in localStorage with Remember me). */
  refresh_token: z.string().optional(),
  /** Seconds until `token` expires. */
  expires_in: z.number().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshTokenResponse = z.object({ token: z.string(), expires_in: z.number() });
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponse>;

export const passwordTokenResponse = z.object({
  show_update_password: z.boolean(),
  /** The emailed link's own token, not spent by this check: update_password spends it (single use, 24 hours). */
  update_token: z.string(),
});
export type PasswordTokenResponse = z.infer<typeof passwordTokenResponse>;

export const userInfoResponse = z.object({
  /** Empty when the request carries no valid token (the client then deletes its stored token). */
  username: z.string(),
  email: z.string(),
  /** 'free' | 'basic' | '' (none). */
  subscription: z.string(),
});
export type UserInfo = z.infer<typeof userInfoResponse>;

/**
 * The password asked again before an irreversible or credential-minting action (deleting the
 * account, creating an API key). The server checks it like a login, and counts it in the login limits.
 */
export const reauthPassword = z
  .string({ error: ACCOUNT_MESSAGES.reauthMissing })
  .min(1, ACCOUNT_MESSAGES.reauthMissing)
  .max(ACCOUNT_LIMITS.passwordMax, `at most ${ACCOUNT_LIMITS.passwordMax} characters`);

export const deleteUserBody = z.strictObject({ password: reauthPassword });
export type DeleteUserBody = z.infer<typeof deleteUserBody>;
