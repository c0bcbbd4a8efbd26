import type { AuthLevel } from '@tapewatch/shared/api/routes';
import { looksLikeApiKey } from '../domain/api-keys/secret.ts';
import type { QuotaVerdict } from '../domain/api-keys/quota.ts';
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
  /** Set when the request came with an API key (token is then empty): the key's id and quota state. */
  apiKey?: { keyId: string; quota: QuotaVerdict };
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

export const INVALID_KEY_MESSAGE = 'This API key is not valid. Create a key on your Profile page.';
export const KEY_NOT_ALLOWED_MESSAGE = 'API keys cannot call account routes. Sign in on the website instead.';

/**
 * The server-side gate. Public routes resolve a caller only if a token is sent (never required);
 * user routes need a valid token; subscriber routes also need the basic plan. An API key is
 * always checked (a bad key is a 401 even on a public route, so a client hears that its key
 * stopped working), and refused with 403 on the routes that do not accept keys.
 */
export async function authorize(
  level: AuthLevel,
  headers: Record<string, string | undefined>,
  authenticate: Authenticator,
  acceptsKey = false,
): Promise<Caller | null> {
  const token = bearerToken(headers);
  if (token && looksLikeApiKey(token)) {
    const caller = await currentKeyAuthenticator()(token);
    if (!caller) throw new UnauthorizedError(INVALID_KEY_MESSAGE);
    if (!acceptsKey) throw new KeyRefusedError(caller);
    if (level === 'subscriber' && !isSubscriber(caller.subscription)) throw new KeyRefusedError(caller, 'plan');
    return caller;
  }
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

/** A 403 for a valid key: it carries the caller, so the answer still has the key's RateLimit headers. */
export class KeyRefusedError extends ForbiddenError {
  constructor(
    readonly caller: Caller,
    reason: 'account' | 'plan' = 'account',
  ) {
    super(reason === 'plan' ? undefined : KEY_NOT_ALLOWED_MESSAGE);
  }
}

/** The API key authenticator (platform/api-key-authenticator.ts), loaded on the first key. */
let currentKey: Authenticator = async (token) => {
  const { apiKeyAuthenticator, provisionalKeyCaller } = await import('../platform/api-key-authenticator.ts');
  currentKey = (t) => apiKeyAuthenticator(t);
  provisionalKey = provisionalKeyCaller;
  return currentKey(token);
};

let provisionalKey: (secret: string) => Caller | null = () => null;

/**
 * For a request with an API key this container has accepted before: the caller it was accepted as,
 * NOT verified for this request (the key may be revoked, the plan changed). Only for running a
 * read-only route while authorize() checks the key; its answer is kept only if authorize() returns
 * the same caller (sameCaller).
 */
export function provisionalKeyCallerOf(headers: Record<string, string | undefined>): Caller | null {
  const token = bearerToken(headers);
  return token && looksLikeApiKey(token) ? provisionalKey(token) : null;
}

/** Whether two callers are the same user with the same plan and identity a handler can read. */
export function sameCaller(a: Caller, b: Caller): boolean {
  return a.userId === b.userId && a.username === b.username && a.email === b.email && a.subscription === b.subscription;
}

function currentKeyAuthenticator(): Authenticator {
  return currentKey;
}

/** The authenticator of a bearer value, key or session token (the WebSocket's $connect uses it too). */
export function authenticatorFor(token: string): Authenticator {
  return looksLikeApiKey(token) ? currentKey : current;
}

export function registerAuthenticator(authenticate: Authenticator): void {
  current = authenticate;
}

export function currentAuthenticator(): Authenticator {
  return current;
}
