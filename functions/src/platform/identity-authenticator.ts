import { documentClient } from '../data/client.ts';
import { UsersRepository, type UserProfile } from '../data/users-repository.ts';
import type { Authenticator } from '../lib/auth-guard.ts';
import { sessionSurvivesReset } from '../domain/accounts/policies.ts';
import { identity } from './identity.ts';
import { onCachesCleared } from '../lib/container-caches.ts';

/**
 * Session state (profile with the stored plan, denylist) read per token, kept for at most one
 * second per container: a burst of requests from one page costs one read, while a plan change
 * or a logout elsewhere shows within a second. This container's own logout forgets at once.
 */
const SESSION_CACHE_MS = 1000;
const sessions = new Map<string, { at: number; profile: UserProfile | null; denied: boolean }>();
onCachesCleared(() => sessions.clear());

export function forgetSession(tokenId: string): void {
  sessions.delete(tokenId);
}

/**
 * A valid Cognito access token of this app, not logged out, from a login after the last password
 * reset, whose user still has a profile.
 * The subscription comes from the stored profile, never from token claims.
 */
export const cognitoAuthenticator: Authenticator = async (token) => {
  const verified = await identity().verifyAccessToken(token);
  if (!verified) return null;
  const now = Date.now();
  let state = sessions.get(verified.tokenId);
  if (!state || now - state.at > SESSION_CACHE_MS) {
    const read = await new UsersRepository(documentClient()).getSession(
      verified.userId,
      verified.tokenId,
      new Date(now),
    );
    state = { at: now, ...read };
    if (sessions.size >= 5000) sessions.delete(sessions.keys().next().value!);
    sessions.set(verified.tokenId, state);
  }
  const { profile, denied } = state;
  // Unconfirmed: login never hands out its tokens; refuse one that got out some other way.
  if (!profile || denied || !profile.confirmed) return null;
  // A password reset ends every session that logged in before it (cognito-local cannot revoke them).
  if (!sessionSurvivesReset(verified.authTime, profile.tokensValidAfter)) return null;
  return {
    userId: profile.userId,
    username: profile.username,
    email: profile.email,
    subscription: profile.subscription,
    token,
    tokenId: verified.tokenId,
    tokenExpiresAt: verified.expiresAt,
    authTime: verified.authTime,
    sessionId: verified.sessionId,
  };
};
