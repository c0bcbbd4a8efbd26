import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_MESSAGES } from './accounts.ts';

/**
 * The common-password check of NIST SP 800-63B (issue 18 item 7), with zxcvbn-ts and its common
 * dictionary (about 30,000 leaked passwords, diceware words, keyboard graphs). A password is accepted
 * when zxcvbn scores it at least 3, that is, estimates at least 10^8 guesses: every entry of the
 * leaked list, repeats ("aaaaaaaa"), sequences ("abcdefgh"), keyboard walks and dictionary words
 * with a year or digits appended ("Password2024") score lower. Several words ("correct horse
 * battery staple") score 4.
 *
 * Kept out of accounts.ts on purpose: the dictionary is ~320 kB gzip, so the web app never imports
 * this module statically (at most with a dynamic import), while the server runs it on every sign-up
 * and password update after the synchronous rules of accounts.ts.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Only this many leading characters are judged (zxcvbn truncates): a password whose first 64
 * characters are strong is strong whatever follows, and matching time grows fast with length
 * (a 128-digit string costs ~10x a 64-digit one), which an unauthenticated sign-up must not offer.
 */
export const JUDGED_LENGTH = 64;

/** Words anyone would try first against this site. */
const SITE_WORDS = ['tapewatch', 'tape', 'watch', 'options', 'flow', 'stocks', 'trader', 'trading'];

let checker: ZxcvbnFactory | undefined;

/**
 * null when the password is strong enough, else the message to show. `userInputs` are the account's
 * own strings (username, email and its local part): a password built from them is guessed first.
 * Levenshtein matching stays off: it costs ~50 ms per check against ~2 ms, and l33t and case
 * variants of the list are already matched.
 */
export function weakPasswordProblem(password: string, userInputs: readonly string[] = []): string | null {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...dictionary, userInputs: SITE_WORDS },
    graphs: adjacencyGraphs,
    maxLength: JUDGED_LENGTH,
  });
  const inputs = userInputs.flatMap((s) => [s, s.split('@')[0] ?? '']).filter((s) => s.length > 0);
  return checker.check(password, inputs).score < MIN_PASSWORD_SCORE ? ACCOUNT_MESSAGES.passwordWeak : null;
}
