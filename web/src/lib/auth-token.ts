/** Where the session token is kept, in localStorage or sessionStorage (lib/session-token.ts). */
export const TOKEN_STORAGE_KEY = 'tapewatch_token';
