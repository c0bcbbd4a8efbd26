import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetForms } from '../lib/forms-store.ts';

// vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The account forms live in a module-level store: a form one test opened must not cover the next
  // test's screen (its modal hides the page from role queries).
  resetForms();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// jsdom has no layout engine: give the browser APIs MUI and nivo expect a harmless stand-in.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

if (!window.matchMedia) {
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
}
