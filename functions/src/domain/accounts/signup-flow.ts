import { ACCOUNT_MESSAGES, emailProblem, normalizeEmail, signupProblem, type Plan } from '@tapewatch/shared/schemas/accounts';
import type { UserProfile } from '../../data/users-repository.ts';
import { IdentityAuthError } from '../../platform/identity-types.ts';
import { BadRequestError, ConflictError } from '../../lib/errors.ts';
import { ensureProfile, enforceLimit, type AccountDeps } from './deps.ts';
import { confirmationEmail, LINK_TOKEN_SECONDS, ORPHAN_CLAIM_SECONDS, RESEND_QUIET_SECONDS } from './policies.ts';
import { hashLinkToken, newLinkToken, signCheckoutTicket } from './secrets.ts';

export interface SignupRequest {
  username: string;
  email: string;
  password: string;
  password_confirmation: string;
  selected_subscription: Plan;
}

const secondsSince = (iso: string | undefined, now: Date): number =>
  iso ? (now.getTime() - Date.parse(iso)) / 1000 : Number.POSITIVE_INFINITY;

/**
 * Sign-up as a retry-safe sequence: username claim -> Cognito user -> email index + profile ->
 * token + email. Each step is idempotent, and a repeat finds and completes (or replaces) what an
 * earlier, interrupted attempt left, so nobody ends up unable both to sign up and to log in.
 */
export async function signup(deps: AccountDeps, req: SignupRequest, ip: string): Promise<{ message: string; checkoutTicket?: string }> {
  const problem = signupProblem(req);
  if (problem) throw new BadRequestError(problem);
  const email = normalizeEmail(req.email);
  const { username } = req;
  await enforceLimit(deps, 'signup-ip', ip);
  await enforceLimit(deps, 'signup-email', email);
  const now = deps.now();

  let existing = await deps.identity.findByEmail(email);
  if (existing?.confirmed) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken);
  const earlierProfile = existing ? await deps.users.getProfile(existing.userId) : null;

  if (!(await deps.users.claimUsername(username, email, now))) {
    if (!(await takeOverOrphanClaim(deps, username, email, now))) throw new ConflictError(ACCOUNT_MESSAGES.usernameTaken);
  }

  let repeat = false;
  if (existing) {
    // An unconfirmed account for this email: the same person repeating (same password and
    // username) keeps it; anything else replaces it — it was never usable anyway.
    repeat = earlierProfile?.username === username && (await passwordMatches(deps, email, req.password));
    if (!repeat) {
      await deps.identity.deleteUser(existing.userId);
      if (earlierProfile) await deps.users.deleteUser(earlierProfile, { keepUsername: earlierProfile.username === username });
      existing = null;
    }
  }

  let userId = existing?.userId;
  if (!userId) {
    try {
      userId = await deps.identity.signUp(email, req.password, username);
    } catch (err) {
      if ((err as Error).name === 'UsernameExistsException') throw new ConflictError(ACCOUNT_MESSAGES.emailTaken);
      throw err;
    }
  }
  const profile: UserProfile = repeat && earlierProfile
    ? earlierProfile
    : { userId, username, email, subscription: 'free', confirmed: false, createdAt: now.toISOString() };
  if (!repeat || !earlierProfile) await deps.users.putUser(profile);

  if (!(repeat && secondsSince(profile.confirmationSentAt, now) < RESEND_QUIET_SECONDS)) {
    await sendConfirmation(deps, profile);
  }
  const basic = req.selected_subscription === 'basic';
  return basic
    ? {
        message: `${ACCOUNT_MESSAGES.signupSuccess} ${ACCOUNT_MESSAGES.signupCheckout}`,
        checkoutTicket: signCheckoutTicket(userId, email, deps.checkoutSecret, now),
      }
    : { message: ACCOUNT_MESSAGES.signupSuccess };
}

async function passwordMatches(deps: AccountDeps, email: string, password: string): Promise<boolean> {
  try {
    await deps.identity.login(email, password);
    return true;
  } catch (err) {
    // Cognito checks the password before the confirmation status.
    if (err instanceof IdentityAuthError) return err.reason === 'not_confirmed';
    throw err;
  }
}

/** A claim whose owner never got a profile (crash mid-signup) or never confirmed within a day is released. */
async function takeOverOrphanClaim(deps: AccountDeps, username: string, email: string, now: Date): Promise<boolean> {
  const claim = await deps.users.getUsernameClaim(username);
  if (!claim) return deps.users.claimUsername(username, email, now);
  const ownerId = await deps.users.userIdForEmail(claim.email);
  const owner = ownerId ? await deps.users.getProfile(ownerId) : null;
  const abandoned = owner
    ? !owner.confirmed && owner.username === claim.username && secondsSince(owner.createdAt, now) > 24 * 3600
    : secondsSince(claim.claimedAt, now) > ORPHAN_CLAIM_SECONDS;
  if (!abandoned) return false;
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
  const email = normalizeEmail(rawEmail);
  await enforceLimit(deps, 'resend-ip', ip);
  await enforceLimit(deps, 'resend-email', email);
  const user = await deps.identity.findByEmail(email);
  if (user && !user.confirmed) {
    const profile = await ensureProfile(deps, user);
    if (profile && secondsSince(profile.confirmationSentAt, deps.now()) >= RESEND_QUIET_SECONDS) await sendConfirmation(deps, profile);
  }
  return ACCOUNT_MESSAGES.confirmationSent;
}
