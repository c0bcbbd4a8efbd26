import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  emailProblem,
  normalizeEmail,
  signupProblem,
  type Plan,
} from '@tapewatch/shared/schemas/accounts';
import { weakPasswordProblem } from '@tapewatch/shared/schemas/password-strength';
import type { UserProfile } from '../../data/users-repository.ts';
import { IdentityAuthError } from '../../platform/identity-types.ts';
import { BadRequestError, ConflictError } from '../../lib/errors.ts';
import { ensureProfile, enforceLimit, padResponse, type AccountDeps } from './deps.ts';
import { signupAttemptEmail } from './emails.ts';
import {
  confirmationEmail,
  hasPayments,
  LINK_TOKEN_SECONDS,
  ORPHAN_CLAIM_SECONDS,
  RESEND_QUIET_SECONDS,
  secondsSince,
} from './policies.ts';
import { hashLinkToken, newLinkToken, signCheckoutTicket } from './secrets.ts';

export interface SignupRequest {
  username: string;
  email: string;
  password: string;
  password_confirmation: string;
  selected_subscription: Plan;
}

/**
 * Sign-up as a retry-safe sequence: username claim -> identity user -> email index + profile ->
 * token + email. Each step is idempotent, and a repeat finds and completes (or replaces) what an
 * earlier, interrupted attempt left, so nobody ends up unable both to sign up and to log in.
 * A completed sign-up that awaits confirmation is only continued or redone by whoever knows its
 * password; anyone else gets the "already registered" answer and the account stays as it is
 * (its owner, having lost the password, uses "Forgot password": the reset link also confirms).
 */
export async function signup(deps: AccountDeps, req: SignupRequest, ip: string): Promise<SignupAnswer> {
  const problem = signupProblem(req) ?? weakPasswordProblem(req.password, [req.username, req.email]);
  if (problem) throw new BadRequestError(problem);
  return padResponse(deps, deps.now().getTime(), async () => {
    try {
      return await signupSteps(deps, req, ip);
    } catch (err) {
      if (!(err instanceof EmailTaken)) throw err;
      return answerForTakenEmail(deps, req);
    }
  });
}

type SignupAnswer = { message: string; checkoutTicket?: string };

/** The email belongs to an account this sign-up may not touch; never told to the caller. */
class EmailTaken extends Error {}

async function signupSteps(deps: AccountDeps, req: SignupRequest, ip: string): Promise<SignupAnswer> {
  const email = normalizeEmail(req.email);
  const { username } = req;
  await enforceLimit(deps, 'signup-ip', ip);
  await enforceLimit(deps, 'signup-email', email);
  const now = deps.now();

  const existing = await deps.identity.findByEmail(email);
  if (existing?.confirmed) throw new EmailTaken();
  const earlier = existing ? await deps.users.getProfile(existing.userId) : null;
  // No profile behind the identity user means a sign-up that crashed half-way: nothing to lose.
  const step: 'new' | 'keep' | 'replace' = earlier
    ? await pendingAccountStep(deps, earlier, email, username, req.password)
    : existing
      ? 'replace'
      : 'new';

  if (!(await deps.users.claimUsername(username, email, now))) {
    if (!(await takeOverOrphanClaim(deps, username, email, now)))
      throw new ConflictError(ACCOUNT_MESSAGES.usernameTaken);
  }
  if (step === 'replace') {
    await deps.identity.deleteUser(existing!.userId);
    if (earlier) await deps.users.deleteUser(earlier, { keepUsername: sameName(earlier.username, username) });
  }

  let profile: UserProfile;
  if (step === 'keep') {
    profile = earlier!;
  } else {
    const userId = await createIdentityUser(deps, email, req.password, username);
    profile = { userId, username, email, subscription: 'free', confirmed: false, createdAt: now.toISOString() };
    await deps.users.putUser(profile);
  }
  if (!(step === 'keep' && secondsSince(profile.confirmationSentAt, now) < RESEND_QUIET_SECONDS)) {
    await sendConfirmation(deps, profile);
  }
  return successAnswer(deps, req, profile.userId, email, now);
}

function successAnswer(deps: AccountDeps, req: SignupRequest, userId: string, email: string, now: Date): SignupAnswer {
  return req.selected_subscription === 'basic'
    ? {
        message: `${ACCOUNT_MESSAGES.signupSuccess} ${ACCOUNT_MESSAGES.signupCheckout}`,
        checkoutTicket: signCheckoutTicket(userId, email, deps.checkoutSecret, now),
      }
    : { message: ACCOUNT_MESSAGES.signupSuccess };
}

/**
 * A sign-up with the email of an account it may not touch gets the answer of a fresh sign-up (a
 * taken username still gets its 409, as it would for a new email), and the owner of the address is
 * told by email. A Basic sign-up's ticket names no account, so checkout later refuses it.
 */
async function answerForTakenEmail(deps: AccountDeps, req: SignupRequest): Promise<SignupAnswer> {
  const email = normalizeEmail(req.email);
  const claim = await deps.users.getUsernameClaim(req.username);
  if (claim && claim.email.toLowerCase() !== email) throw new ConflictError(ACCOUNT_MESSAGES.usernameTaken);
  const site = `${deps.baseUrl}/`;
  await deps.mailer.send({ to: email, link: site, ...signupAttemptEmail(site) });
  return successAnswer(deps, req, randomUUID(), email, deps.now());
}

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * What a new sign-up may do with an unconfirmed account of the same email: the exact repeat
 * keeps it; its creator (same password) may redo it under another username unless it has paid
 * (the Stripe subscription is bound to its user id). Everyone else: "already registered".
 */
async function pendingAccountStep(
  deps: AccountDeps,
  earlier: UserProfile,
  email: string,
  username: string,
  password: string,
): Promise<'keep' | 'replace'> {
  if (!(await passwordMatches(deps, email, password))) throw new EmailTaken();
  if (sameName(earlier.username, username)) return 'keep';
  if (hasPayments(earlier)) throw new EmailTaken();
  return 'replace';
}

async function createIdentityUser(
  deps: AccountDeps,
  email: string,
  password: string,
  username: string,
): Promise<string> {
  try {
    return await deps.identity.signUp(email, password, username);
  } catch (err) {
    // A concurrent sign-up of the same email won the race.
    if ((err as Error).name === 'UsernameExistsException') throw new EmailTaken();
    throw err;
  }
}

async function passwordMatches(deps: AccountDeps, email: string, password: string): Promise<boolean> {
  try {
    const tokens = await deps.identity.login(email, password);
    // The check must not leave a usable session behind.
    if (tokens.refreshToken) await deps.identity.revoke(tokens.refreshToken);
    return true;
  } catch (err) {
    // Users created before AdminCreateUser: Cognito checks the password before the confirmation status.
    if (err instanceof IdentityAuthError) return err.reason === 'not_confirmed';
    throw err;
  }
}

/**
 * Releases a username whose claim is dead: no account of the claiming email uses it (a crash
 * mid-signup) for 10 minutes, or its account never confirmed within a day and never paid.
 */
async function takeOverOrphanClaim(deps: AccountDeps, username: string, email: string, now: Date): Promise<boolean> {
  const claim = await deps.users.getUsernameClaim(username);
  if (!claim) return deps.users.claimUsername(username, email, now);
  const ownerId = await deps.users.userIdForEmail(claim.email);
  const profile = ownerId ? await deps.users.getProfile(ownerId) : null;
  const owner = profile && sameName(profile.username, claim.username) ? profile : null;
  const abandoned = owner
    ? !owner.confirmed && !hasPayments(owner) && secondsSince(owner.createdAt, now) > 24 * 3600
    : secondsSince(claim.claimedAt, now) > ORPHAN_CLAIM_SECONDS;
  if (!abandoned) return false;
  // The profile may lag a confirmation that Cognito already recorded (crash between the two).
  if (owner && (await deps.identity.findByEmail(owner.email))?.confirmed) return false;
  if (!(await deps.users.claimUsername(username, email, now, claim.email))) return false;
  if (owner) {
    await deps.identity.deleteUser(owner.userId);
    await deps.users.deleteUser(owner, { keepUsername: true });
  }
  return true;
}

export async function sendConfirmation(deps: AccountDeps, profile: UserProfile): Promise<void> {
  const now = deps.now();
  const token = newLinkToken();
  await deps.tokens.create(hashLinkToken(token), {
    kind: 'confirm',
    userId: profile.userId,
    email: profile.email,
    createdAt: now.toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + LINK_TOKEN_SECONDS,
  });
  const link = `${deps.baseUrl}/confirm/${token}`;
  await deps.mailer.send({ to: profile.email, link, ...confirmationEmail(link) });
  await deps.users.setConfirmationSentAt(profile.userId, now);
}

export async function confirmEmail(deps: AccountDeps, token: string): Promise<string> {
  const hash = hashLinkToken(token);
  const found = await deps.tokens.find('confirm', hash, deps.now());
  if (found.state === 'used') return ACCOUNT_MESSAGES.alreadyConfirmed;
  const profile = found.state === 'valid' ? await deps.users.getProfile(found.record.userId) : null;
  if (found.state === 'absent' || !profile) throw new BadRequestError(ACCOUNT_MESSAGES.confirmLinkInvalid);
  await deps.identity.confirm(profile.userId, profile.email);
  await deps.users.markConfirmed(profile.userId);
  await deps.tokens.consume('confirm', hash, deps.now());
  return ACCOUNT_MESSAGES.accountConfirmed;
}

/** Same answer whether or not the email has an account (no enumeration). */
export async function resendConfirmation(deps: AccountDeps, rawEmail: string, ip: string): Promise<string> {
  const problem = emailProblem(rawEmail);
  if (problem) throw new BadRequestError(problem);
  return padResponse(deps, deps.now().getTime(), () => resendIfPending(deps, normalizeEmail(rawEmail), ip));
}

async function resendIfPending(deps: AccountDeps, email: string, ip: string): Promise<string> {
  await enforceLimit(deps, 'resend-ip', ip);
  await enforceLimit(deps, 'resend-email', email);
  const user = await deps.identity.findByEmail(email);
  if (user && !user.confirmed) {
    const profile = await ensureProfile(deps, user);
    if (profile && secondsSince(profile.confirmationSentAt, deps.now()) >= RESEND_QUIET_SECONDS)
      await sendConfirmation(deps, profile);
  }
  return ACCOUNT_MESSAGES.confirmationSent;
}
