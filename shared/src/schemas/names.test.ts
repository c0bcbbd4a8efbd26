import { describe, expect, it } from 'vitest';
import { alertRuleInput } from './alerts.ts';
import { createApiKeyBody } from './api-keys.ts';
import { createWatchlistBody, renameWatchlistBody } from './watchlists.ts';

/** Issue 35 item 7: every name a user gives (watchlists, alert rules, API keys) refuses hidden characters. */
const nameOf: Record<string, (name: string) => unknown> = {
  'watchlist (create)': (name) => createWatchlistBody.safeParse({ name }),
  'watchlist (rename)': (name) => renameWatchlistBody.safeParse({ id: 'abc123', name }),
  'alert rule': (name) => alertRuleInput.safeParse({ name, filters: [] }),
  'API key': (name) => createApiKeyBody.safeParse({ name, password: 'Brisk-Lantern-42' }),
};

const hidden = [
  ['NUL', 'a\u0000b'],
  ['bell', 'a\u0007b'],
  ['line break', 'a\nb'],
  ['DEL', 'a\u007fb'],
  ['C1 control', 'a\u0085b'],
  ['right-to-left override', 'invoice\u202Efdp.exe'],
  ['left-to-right embedding', 'a\u202Ab'],
  ['right-to-left isolate', 'a\u2067b'],
  ['pop directional isolate', 'a\u2069b'],
  ['right-to-left mark', 'a\u200Fb'],
  ['left-to-right mark', 'a\u200Eb'],
  ['Arabic letter mark', 'a\u061Cb'],
] as const;

describe('names', () => {
  for (const [where, parse] of Object.entries(nameOf)) {
    it(`${where}: refuses control and bidi-control characters with a message that says so`, () => {
      for (const [what, name] of hidden) {
        const out = parse(name) as { success: boolean; error?: { issues: { message: string }[] } };
        expect(out.success, `${what} in a ${where} name`).toBe(false);
        expect(out.error?.issues[0]?.message).toMatch(/invisible or control characters/);
      }
    });

    it(`${where}: accepts ordinary names in any script, including right-to-left text`, () => {
      for (const name of ['Big NVDA calls', 'Zürich – 東京', 'שלום עולם', 'مرحبا', 'Tech 🚀']) {
        expect((parse(name) as { success: boolean }).success, name).toBe(true);
      }
    });
  }
});
