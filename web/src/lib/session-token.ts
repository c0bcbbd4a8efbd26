import { TOKEN_STORAGE_KEY } from './auth-token.ts';

export { TOKEN_STORAGE_KEY };
/** Kept only with "Remember me" (localStorage), next to the token it renews. */
export const REFRESH_STORAGE_KEY = 'tapewatch_refresh_token';

type StorageName = 'localStorage' | 'sessionStorage';

function storage(name: StorageName): Storage | null {
  try {
    return window[name];
  } catch {
    // Privacy modes can block storage entirely: behave as logged out.
    return null;
  }
}

function get(name: StorageName, key: string): string | null {
  try {
    return storage(name)?.getItem(key) || null;
  } catch {
    return null;
  }
}

function set(name: StorageName, key: string, value: string | null): void {
  try {
    if (value === null) storage(name)?.removeItem(key);
    else storage(name)?.setItem(key, value);
  } catch {
    // A full or blocked storage keeps the session for this page view only.
  }
}

const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Bumped on every save/clear so React can re-render (useSyncExternalStore). */
export function getTokenVersion(): number {
  return version;
}

function onStorage(event: StorageEvent): void {
  // Another tab logged in or out (localStorage is shared): follow it.
  if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === REFRESH_STORAGE_KEY) changed();
}

export function subscribeToken(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** "Remember me" keeps the token in localStorage; otherwise it lives in sessionStorage. */
export function readToken(): string | null {
  return get('localStorage', TOKEN_STORAGE_KEY) ?? get('sessionStorage', TOKEN_STORAGE_KEY);
}

export function readRefreshToken(): string | null {
  return get('localStorage', REFRESH_STORAGE_KEY);
}

export interface SavedSession {
  token: string;
  refreshToken?: string | null | undefined;
  remember: boolean;
}

export function saveToken({ token, refreshToken, remember }: SavedSession): void {
  const keep: StorageName = remember ? 'localStorage' : 'sessionStorage';
  const other: StorageName = remember ? 'sessionStorage' : 'localStorage';
  set(other, TOKEN_STORAGE_KEY, null);
  set(other, REFRESH_STORAGE_KEY, null);
  set(keep, TOKEN_STORAGE_KEY, token);
  // Without "Remember me" the session must end with the browser: no long-lived refresh token at all.
  set('localStorage', REFRESH_STORAGE_KEY, remember && refreshToken ? refreshToken : null);
  changed();
}

/** Replaces the access token in whichever storage already holds the session (after a refresh). */
export function replaceToken(token: string): void {
  const where: StorageName =
    get('localStorage', TOKEN_STORAGE_KEY) || readRefreshToken() ? 'localStorage' : 'sessionStorage';
  set(where, TOKEN_STORAGE_KEY, token);
  changed();
}

export function clearToken(): void {
  const had = readToken() !== null || readRefreshToken() !== null;
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    set(name, TOKEN_STORAGE_KEY, null);
    set(name, REFRESH_STORAGE_KEY, null);
  }
  if (had) changed();
}

/** The JWT's exp claim in seconds, or null when the token is not a readable JWT. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp: unknown = (JSON.parse(json) as Record<string, unknown>).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** Spec: the token counts as valid while its expiry claim lies in the future (a 10 s margin covers the trip). */
export function isTokenExpired(token: string, nowMs = Date.now(), marginSeconds = 10): boolean {
  const exp = tokenExpiry(token);
  return exp === null || exp * 1000 <= nowMs + marginSeconds * 1000;
}
