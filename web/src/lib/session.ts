import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoginResponse, UserInfo } from '@tapewatch/shared/schemas/accounts';
import { useSyncExternalStore } from 'react';
import { apiGet, apiPost } from './api-client.ts';
import {
  clearToken,
  getTokenVersion,
  readRefreshToken,
  readToken,
  saveToken,
  subscribeToken,
} from './session-token.ts';

export type { UserInfo };

export const LOGGED_OUT: UserInfo = Object.freeze({ username: '', email: '', subscription: '' });

/**
 * Session start-up (spec part 1 section 4): the token restored from storage is sent with the
 * user-info call; an empty username means not logged in, and the token that was sent is deleted.
 */
export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const sent = readToken();
  const info = await apiGet('get_user_info', {}, { signal });
  // Compare with what was sent: a login that finished meanwhile must keep its new token.
  if (info.username === '' && sent !== null && readToken() === sent) clearToken();
  return info;
}

export const USER_INFO_KEY = ['get_user_info'] as const;

export const userInfoQueryOptions = queryOptions({
  queryKey: USER_INFO_KEY,
  // Nothing to ask without a token: the visitor is logged out.
  queryFn: ({ signal }) => (readToken() ? fetchUserInfo(signal) : Promise.resolve(LOGGED_OUT)),
  staleTime: 5 * 60_000,
});

/** Login and logout events (the live-flow socket closes on logout). */
export type SessionEvent = 'login' | 'logout';
const eventListeners = new Set<(event: SessionEvent) => void>();

export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

function emit(event: SessionEvent): void {
  for (const listener of eventListeners) listener(event);
}

export function isFreeSubscription(subscription: string): boolean {
  return subscription === '' || subscription === 'free' || subscription === 'Free';
}

export interface Session {
  /** Null until the first user-info answer (or its failure). */
  user: UserInfo | null;
  loggedIn: boolean;
  subscription: string;
}

/** The current user as the navbar, popup and profile see it. */
export function useSession(): Session {
  // Re-render when the token is saved or deleted (login, logout, expiry, refused token).
  useSyncExternalStore(subscribeToken, getTokenVersion, getTokenVersion);
  const query = useQuery(userInfoQueryOptions);
  const user = query.data ?? (query.isError ? LOGGED_OUT : null);
  const loggedIn = Boolean(user?.username) && readToken() !== null;
  return { user, loggedIn, subscription: loggedIn ? (user?.subscription ?? '') : '' };
}

export type LoginAnswer = Pick<LoginResponse, 'token' | 'refresh_token'>;

/** A login answer with a token stores it, emits login, then fetches the user info. */
export async function completeLogin(client: QueryClient, answer: LoginAnswer, remember: boolean): Promise<boolean> {
  if (!answer.token) return false;
  saveToken({ token: answer.token, refreshToken: answer.refresh_token ?? null, remember });
  emit('login');
  await client.invalidateQueries({ queryKey: USER_INFO_KEY });
  return true;
}

function endSession(client: QueryClient): void {
  clearToken();
  client.setQueryData(USER_INFO_KEY, LOGGED_OUT);
  emit('logout');
}

/** Logout clears the token and emits logout even when the call fails. */
export async function logout(client: QueryClient): Promise<void> {
  // The server revokes the refresh token and denylists the access token sent in the header.
  const refreshToken = readRefreshToken();
  try {
    await apiPost('submit_logout', refreshToken ? { refresh_token: refreshToken } : undefined);
  } catch {
    // Logged by the API client; the local session ends regardless.
  } finally {
    endSession(client);
  }
}

/** Deletes the account (the server checks the password again); on success the stored session token is cleared too. */
export async function deleteAccount(client: QueryClient, password: string): Promise<boolean> {
  try {
    await apiPost('delete_user', { password });
  } catch {
    return false;
  }
  endSession(client);
  return true;
}
