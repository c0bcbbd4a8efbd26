import { afterEach, beforeEach, vi } from 'vitest';
import { act, configure } from '@testing-library/react';
import { dismissAlert } from '../../../lib/alert-store.ts';
import { resetForms } from '../../../lib/forms-store.ts';

export interface Call {
  path: string;
  method: string;
  auth: string | null;
  body: unknown;
}

type Answer = [number, unknown] | ((call: Call) => [number, unknown]);

/** A fetch stub answering by path, recording method, bearer header and JSON body of every call. */
export function accountApi(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = input.split('?')[0] ?? input;
      const call: Call = {
        path,
        method: init.method ?? 'GET',
        auth: new Headers(init.headers).get('Authorization'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const answer = answers[path];
      if (!answer) return new Response('not found', { status: 404 });
      const [status, body] = typeof answer === 'function' ? answer(call) : answer;
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return { calls, to: (path: string) => calls.filter((c) => c.path === path) };
}

export const demoInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1.0.0' };
export const alert = (message: string, extra: object = {}) => ({ alert_show: true, alert_message: message, ...extra });

/** Desktop width, quiet console, and no alert, form or fetch stub leaking into the next test. */
export function setupAccountTests(): void {
  // The forms are a lazy chunk and the machine is shared: give first loads time.
  configure({ asyncUtilTimeout: 8000 });
  vi.setConfig({ testTimeout: 30_000 });
  beforeEach(() => {
    window.innerWidth = 1440;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    act(() => {
      dismissAlert('close');
      resetForms();
    });
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
