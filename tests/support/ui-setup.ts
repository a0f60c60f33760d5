import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { loadToastStack } from '../../src/components/Toasts';
import { screens } from '../../src/router/screens';
import { cacheComputedStyles } from './computed-style-cache';

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

cacheComputedStyles(window);

// Every lazy screen (src/router/screens.ts) loaded before the file's tests, as a browser that prefetched them would
// have: compiling a screen's modules on its first render could otherwise outlast a test's wait on a busy machine.
beforeAll(async () => {
  await Promise.all([loadToastStack(), ...Object.values(screens).map((load) => load())]);
});

/**
 * Testing Library's own error, with the document printed into its message only when the message is read. Every
 * attempt of a `findBy…` or `waitFor` that does not match yet makes one of these and throws it away, and printing
 * the document for each was a fortieth of the screens' test time; a test that fails reads it at once, as before.
 */
function elementErrorPrintedWhenRead(message: string | null, container: Element): Error {
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  let text: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    enumerable: false,
    get: () => {
      text ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`]
        .filter(Boolean)
        .join('\n\n');
      return text;
    },
  });
  return error;
}

// A screen's answer comes from the real server in the same process: with both cores running test files, a wait of
// the default second is sometimes the server's, not the screen's. Three seconds; a passing wait returns at once.
configure({ asyncUtilTimeout: 3000, getElementError: elementErrorPrintedWhenRead });

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
