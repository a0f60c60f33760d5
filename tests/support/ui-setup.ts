import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/**
 * jsdom setup for every UI test: jest-dom matchers, an unmounted screen and an empty localStorage between tests,
 * and the browser APIs jsdom lacks that react-bootstrap asks for.
 */

// react-bootstrap's responsive Offcanvas asks matchMedia which breakpoint applies: jsdom is "a phone" (no match).
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
