import {
  ACCOUNT_MESSAGES,
  emailProblem,
  loginProblem,
  normalizeEmail,
  RESEND_CONFIRMATION_ACTION,
  updatePasswordProblem,
  type AccountAlert,
  type LoginResponse,
} from '@tapewatch/shared/schemas/accounts';
import { alertBody } from '@tapewatch/shared/api/alert';
import { weakPasswordProblem } from '@tapewatch/shared/schemas/password-strength';
import type { Caller } from '../../lib/auth-guard.ts';
import { BadRequestError, UnauthorizedError } from '../../lib/errors.ts';
import { IdentityAuthError, unverifiedClaims } from '../../platform/identity-types.ts';
import { ensureProfile, enforceLimit, padResponse, type AccountDeps } from './deps.ts';
import {
  LINK_TOKEN_SECONDS,
  RESEND_QUIET_SECONDS,
  resetEmail,
  secondsSince,
  sessionSurvivesReset,
} from './policies.ts';
import { hashLinkToken, newLinkToken } from './secrets.ts';

export interface LoginRequest {
  username_or_email: string;
  password: string;
  remember: boolean;
}

/** Login answers: 200 with the token, 401 bad credentials, 403 unconfirmed (alert with the resend action). */
export async function login(
  deps: AccountDeps,
  req: LoginRequest,
  ip: string,
): Promise<{ status: number; body: LoginResponse }> {
  const problem = loginProblem(req);
  if (problem) throw new BadRequestError(problem);
  const identifier = req.username_or_email.trim();
  const [email] = await Promise.all([
    identifier.includes('@')
      ? normalizeEmail(identifier)
      : deps.users.getUsernameClaim(identifier).then((c) => c?.email),
    enforceLimit(deps, 'login-ip', ip),
  ]);
  // One bucket per account, whether it is named by username or email; a name that resolves to
  // nothing gets its own bucket with the same limit and answers, so the bucket reveals nothing.
  const account = email ? `email:${email}` : `name:${identifier.toLowerCase()}`;
  await enforceLimit(deps, 'login-ip-account', `${account}|${ip}`);
  const known = email ? await deps.loginSources.isKnown(email, ip, deps.now()) : false;
  if (!known) await enforceLimit(deps, 'login-account-new-source', account);
  const failed = { status: 401, body: alertBody(ACCOUNT_MESSAGES.loginFailed) };
  const notConfirmed = {
    status: 403,
    body: { ...alertBody(ACCOUNT_MESSAGES.notConfirmed), alert_action: RESEND_CONFIRMATION_ACTION },
  };
  if (!email) return failed;
  let tokens: Awaited<ReturnType<typeof deps.identity.login>>;
  try {
    tokens = await deps.identity.login(email, req.password);
  } catch (err) {
    if (!(err instanceof IdentityAuthError)) throw err;
    return err.reason === 'bad_credentials' ? failed : notConfirmed;
  }
  const userId = unverifiedClaims(tokens.accessToken).sub;
  let profile = userId ? await deps.users.getProfile(userId) : null;
  // A login in the same second as a password reset would carry a login time the reset ends
  // (tokens count whole seconds): wait for the next second and take fresh tokens instead.
  const authTime = unverifiedClaims(tokens.accessToken).auth_time ?? unverifiedClaims(tokens.accessToken).iat ?? 0;
  if (profile && !sessionSurvivesReset(authTime, profile.tokensValidAfter)) {
    if (tokens.refreshToken) await deps.identity.revoke(tokens.refreshToken);
    await deps.sleep(Math.max(0, (profile.tokensValidAfter! + 1) * 1000 - deps.now().getTime()) + 5);
    tokens = await deps.identity.login(email, req.password);
  }
  if (!profile?.confirmed) {
    // Cognito lets a user with an unverified email log in (we create users with a permanent
    // password); the confirmation is ours, checked only after the password was right.
    const user = await deps.identity.findByEmail(email);
    if (!user?.confirmed) {
      if (tokens.refreshToken) await deps.identity.revoke(tokens.refreshToken);
      return user ? notConfirmed : failed;
    }
    profile ??= await ensureProfile(deps, user);
    if (profile && !profile.confirmed) await deps.users.markConfirmed(profile.userId);
  }
  await deps.loginSources.remember(email, ip, deps.now());
  return {
    status: 200,
    body: {
      ...alertBody(ACCOUNT_MESSAGES.loginSuccess),
      token: tokens.accessToken,
      ...(req.remember && tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
      expires_in: tokens.expiresIn,
    },
  };
}

export async function refreshSession(
  deps: AccountDeps,
  refreshToken: string,
): Promise<{ token: string; expires_in: number }> {
  const tokens = refreshToken ? await deps.identity.refresh(refreshToken) : null;
  if (!tokens) throw new UnauthorizedError(ACCOUNT_MESSAGES.sessionExpired);
  // A session that began before the last password reset is over. On AWS AdminUserGlobalSignOut
  // revoked it already and auth_time survives refreshes; cognito-local has neither, but its
  // refresh token (which Cognito just accepted, so it is genuine) carries its own iat.
  const claims = unverifiedClaims(tokens.accessToken);
  const profile = claims.sub ? await deps.users.getProfile(claims.sub) : null;
  const began = unverifiedClaims(refreshToken).iat ?? claims.auth_time ?? 0;
  if (profile && !sessionSurvivesReset(began, profile.tokensValidAfter)) {
    await deps.identity.revoke(refreshToken);
    throw new UnauthorizedError(ACCOUNT_MESSAGES.sessionExpired);
  }
  return { token: tokens.accessToken, expires_in: tokens.expiresIn };
}

/**
 * Always succeeds: the client clears its token regardless; a valid token is denylisted until it
 * expires, and the live-flow sockets of this session (this token, or on Cognito any refresh of
 * the same login, which shares its origin_jti) are closed.
 */
export async function logout(
  deps: AccountDeps,
  caller: Caller | null,
  refreshToken: string | undefined,
): Promise<AccountAlert> {
  if (caller?.tokenId && caller.tokenExpiresAt)
    await deps.tokens.denyAccessToken(caller.tokenId, caller.tokenExpiresAt);
  if (refreshToken) await deps.identity.revoke(refreshToken);
  if (caller) {
    const sameSession = (c: { tokenId?: string; sessionId?: string }) =>
      (caller.tokenId !== undefined && c.tokenId === caller.tokenId) ||
      (caller.sessionId !== undefined && c.sessionId === caller.sessionId);
    await deps.sockets.closeForUser(caller.userId, 'logged_out', sameSession);
  }
  return alertBody(ACCOUNT_MESSAGES.loggedOut);
}

/** Same answer whether or not the email has an account (no enumeration). */
export async function requestPasswordReset(deps: AccountDeps, rawEmail: string, ip: string): Promise<string> {
  const problem = emailProblem(rawEmail);
  if (problem) throw new BadRequestError(problem);
  return padResponse(deps, deps.now().getTime(), () => sendResetLink(deps, normalizeEmail(rawEmail), ip));
}

async function sendResetLink(deps: AccountDeps, email: string, ip: string): Promise<string> {
  await enforceLimit(deps, 'reset-ip', ip);
  await enforceLimit(deps, 'reset-email', email);
  const user = await deps.identity.findByEmail(email);
  const profile = user ? await ensureProfile(deps, user) : null;
  const now = deps.now();
  // Like resend: a quick repeat sends no second email (the first link still works).
  if (profile && secondsSince(profile.resetSentAt, now) >= RESEND_QUIET_SECONDS) {
    const token = newLinkToken();
    await deps.tokens.create(hashLinkToken(token), {
      kind: 'reset',
      userId: profile.userId,
      email,
      createdAt: now.toISOString(),
      ttl: Math.floor(now.getTime() / 1000) + LINK_TOKEN_SECONDS,
    });
    const link = `${deps.baseUrl}/confirmpassword/${token}`;
    await deps.mailer.send({ to: email, link, ...resetEmail(link) });
    await deps.users.setResetSentAt(profile.userId, now);
  }
  return ACCOUNT_MESSAGES.resetSent;
}

async function validResetToken(deps: AccountDeps, token: string) {
  const found = token
    ? await deps.tokens.find('reset', hashLinkToken(token), deps.now())
    : ({ state: 'absent' } as const);
  if (found.state === 'used') throw new BadRequestError(ACCOUNT_MESSAGES.resetLinkUsed);
  const profile = found.state === 'valid' ? await deps.users.getProfile(found.record.userId) : null;
  if (!profile) throw new BadRequestError(ACCOUNT_MESSAGES.resetLinkInvalid);
  // A reset spends every link sent before it: an older link (a stolen mailbox copy) must not work.
  if (found.state === 'valid' && profile.passwordChangedAt && found.record.createdAt <= profile.passwordChangedAt) {
    throw new BadRequestError(ACCOUNT_MESSAGES.resetLinkUsed);
  }
  return profile;
}

/** Checks the emailed link without spending it (opening the link twice is harmless); update_password spends it. */
export async function checkPasswordToken(
  deps: AccountDeps,
  token: string,
): Promise<{ show_update_password: boolean; update_token: string }> {
  await validResetToken(deps, token);
  return { show_update_password: true, update_token: token };
}

export async function updatePassword(
  deps: AccountDeps,
  req: { password: string; password_confirmation: string; token: string },
): Promise<string> {
  const problem = updatePasswordProblem(req) ?? weakPasswordProblem(req.password);
  if (problem) throw new BadRequestError(problem);
  const profile = await validResetToken(deps, req.token);
  if (!(await deps.tokens.consume('reset', hashLinkToken(req.token), deps.now()))) {
    throw new BadRequestError(ACCOUNT_MESSAGES.resetLinkUsed);
  }
  await deps.identity.setPassword(profile.userId, req.password);
  // Whoever knew the old password (or holds a stolen session) is logged out everywhere: refresh
  // tokens are revoked at Cognito, and access tokens of earlier logins are refused per request.
  await deps.users.invalidateTokensBefore(profile.userId, deps.now());
  await deps.identity.signOutEverywhere(profile.userId);
  await deps.sockets.closeForUser(profile.userId, 'password_reset');
  // The link proved the mailbox, so an unconfirmed account is confirmed too.
  if (!profile.confirmed) {
    await deps.identity.confirm(profile.userId, profile.email);
    await deps.users.markConfirmed(profile.userId);
  }
  return ACCOUNT_MESSAGES.passwordUpdated;
}

/**
 * The password asked again before deleting the account or creating an API key: checked as a login
 * is, and counted in the same limits (per network, and per account from that network), so it is no
 * side door for guessing. The session the check opens is ended at once. Wrong: a 400 alert (a 401
 * would read as "logged out" to the client, which still holds a valid session).
 */
export async function confirmPassword(deps: AccountDeps, caller: Caller, password: string, ip: string): Promise<void> {
  const email = normalizeEmail(caller.email);
  await enforceLimit(deps, 'login-ip', ip);
  await enforceLimit(deps, 'login-ip-account', `email:${email}|${ip}`);
  let tokens: Awaited<ReturnType<typeof deps.identity.login>>;
  try {
    tokens = await deps.identity.login(email, password);
  } catch (err) {
    if (err instanceof IdentityAuthError) throw new BadRequestError(ACCOUNT_MESSAGES.reauthFailed);
    throw err;
  }
  // The proof must be this account's password, not another account's that shares the address.
  if (unverifiedClaims(tokens.accessToken).sub !== caller.userId)
    throw new BadRequestError(ACCOUNT_MESSAGES.reauthFailed);
  // Its tokens never leave the server; revoking the refresh token ends the session on Cognito too.
  if (tokens.refreshToken) await deps.identity.revoke(tokens.refreshToken);
}

/** DynamoDB first: a crash before the Cognito delete leaves a login that rebuilds the profile, never a dead claim. */
export async function deleteAccount(deps: AccountDeps, caller: Caller): Promise<string> {
  // Marked first (issue 35): the user's other sessions and keys are refused from here on, and a
  // write of theirs still in flight is undone by its own check or removed by the sweep below.
  await deps.users.markDeleted(caller.userId);
  // Closed before the records go: afterwards nothing would list them.
  await deps.sockets.closeForUser(caller.userId, 'account_deleted');
  await deps.users.deleteUser({ userId: caller.userId, email: caller.email, username: caller.username });
  await deps.identity.deleteUser(caller.userId);
  if (caller.tokenId && caller.tokenExpiresAt) await deps.tokens.denyAccessToken(caller.tokenId, caller.tokenExpiresAt);
  return ACCOUNT_MESSAGES.accountDeleted;
}
