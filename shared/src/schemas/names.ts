import { z } from 'zod';

/**
 * Control characters (Unicode Cc: C0, DEL, C1) and the bidirectional controls (embeddings and
 * overrides U+202A-202E, isolates U+2066-2069, the marks U+200E/200F and U+061C). A name holding
 * them can hide text or show it reversed ("invoice\u202Efdp.exe" reads as "invoiceexe.pdf"), in
 * the app, in emails and in exports; right-to-left letters themselves are fine.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

export const HIDDEN_CHARACTERS_MESSAGE = 'a name cannot hold invisible or control characters';

/**
 * The one schema of every name a user gives (watchlists, alert rules, API keys): trimmed, 1 to
 * `max` characters, no control or bidi-control characters.
 */
export function userName(max: number, emptyMessage: string) {
  return z
    .string()
    .trim()
    .min(1, emptyMessage)
    .max(max, `at most ${max} characters`)
    .refine((name) => !HIDDEN_CHARACTERS.test(name), HIDDEN_CHARACTERS_MESSAGE);
}
