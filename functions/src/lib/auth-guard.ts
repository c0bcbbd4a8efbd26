import type { AuthLevel } from '@tapewatch/shared/api/routes';
import { ForbiddenError, UnauthorizedError } from './errors.ts';

/** The authenticated user as the server knows it (subscription read from DynamoDB, not the token). */
export interface Caller {
  userId: string;
  username: string;
  email: string;
  subscription: string;
  token: string;
  /** The access token's jti and exp (epoch seconds): logout denylists it until then. */
  tokenId?: string;
  tokenExpiresAt?: number;
  /** Epoch seconds of the login behind the token. */
  authTime?: number;
  /** The login session the token belongs to (stable across refreshes on Cognito). */
  sessionId?: string;
}

/** Verifies a bearer token and loads the user; null when the token is invalid or expired. */
export type Authenticator = (token: string) => Promise<Caller | null>;

export function bearerToken(headers: Record<string, string | undefined>): string | null {
  const value = headers.authorization ?? headers.Authorization;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export function isSubscriber(subscription: string): boolean {
  return subscription.toLowerCase() === 'basic';
}

/**
 * The server-side gate. Public routes resolve a caller only if a token is sent (never required);
 * user routes need a valid token; subscriber routes also need the basic plan.
 */
export async function authorize(
  level: AuthLevel,
  headers: Record<string, string | undefined>,
  authenticate: Authenticator,
): Promise<Caller | null> {
  const token = bearerToken(headers);
  if (level === 'public') return token ? authenticate(token).catch(() => null) : null;
  if (!token) throw new UnauthorizedError();
  const caller = await authenticate(token);
  if (!caller) throw new UnauthorizedError('Your session has expired. Please log in again.');
  if (level === 'subscriber' && !isSubscriber(caller.subscription)) throw new ForbiddenError();
  return caller;
}

/**
 * The Cognito authenticator (platform/identity-authenticator.ts), loaded on the first token so
 * routes that never see one do not pay for the Cognito client. Tests may register another.
 */
let current: Authenticator = async (token) => {
  const { cognitoAuthenticator } = await import('../platform/identity-authenticator.ts');
  current = cognitoAuthenticator;
  return cognitoAuthenticator(token);
};

export function registerAuthenticator(authenticate: Authenticator): void {
  current = authenticate;
}

export function currentAuthenticator(): Authenticator {
  return current;
}
