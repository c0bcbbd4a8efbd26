import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetAlert } from '../lib/alert-store.ts';
import { resetForms } from '../lib/forms-store.ts';

// vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The account forms live in a module-level store: a form one test opened must not cover the next
  // test's screen (its modal hides the page from role queries).
  resetForms();
  // The files of a worker share its module graph and globals (vmThreads, web/vite.config.ts): an alert a late answer
  // raised, a stubbed fetch or fake timers would otherwise reach the next file's tests.
  resetAlert();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// The DOM here has no layout engine: give the browser APIs MUI and nivo expect a harmless stand-in.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
// Installed even where the DOM has one: with no layout, a native observer reports 0 x 0 and would undo the sizes
// tests give elements through getBoundingClientRect.
Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true });

// With no layout every element is as near the viewport as any other: screens render their below-the-fold charts at
// once, as in a browser without IntersectionObserver (web/src/lib/use-near-viewport.ts).
Reflect.deleteProperty(globalThis, 'IntersectionObserver');

// Media queries answer from window.innerWidth, which tests set for a phone or a wide screen (the DOM's own
// matchMedia answers from its window's configured size and ignores that assignment).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => {
    const width = window.innerWidth;
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (max ? width <= Number(max[1]) : true) &&
      (min ? width >= Number(min[1]) : true) &&
      (max !== null || min !== null);
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  },
});
