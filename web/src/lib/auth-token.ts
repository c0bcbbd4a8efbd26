export const TOKEN_STORAGE_KEY = 'tapewatch_token';

function read(storage: () => Storage): string | null {
  try {
    return storage().getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can throw when the browser blocks it (privacy modes); treat as logged out.
    return null;
  }
}

/** "Remember me" keeps the token in localStorage; otherwise it lives in sessionStorage. */
export function getStoredToken(): string | null {
  return read(() => window.localStorage) || read(() => window.sessionStorage) || null;
}
