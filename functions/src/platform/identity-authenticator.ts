import { documentClient } from '../data/client.ts';
import { UsersRepository } from '../data/users-repository.ts';
import type { Authenticator } from '../lib/auth-guard.ts';
import { identity } from './identity.ts';

/**
 * A valid Cognito access token of this app, not logged out, whose user still has a profile.
 * The subscription comes from the stored profile on every request, never from token claims.
 */
export const cognitoAuthenticator: Authenticator = async (token) => {
  const verified = await identity().verifyAccessToken(token);
  if (!verified) return null;
  const { profile, denied } = await new UsersRepository(documentClient()).getSession(verified.userId, verified.tokenId, new Date());
  if (!profile || denied) return null;
  return {
    userId: profile.userId,
    username: profile.username,
    email: profile.email,
    subscription: profile.subscription,
    token,
    tokenId: verified.tokenId,
    tokenExpiresAt: verified.expiresAt,
  };
};
