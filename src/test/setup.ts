import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { session } from '../lib/session.ts';

// The client needs an absolute base URL outside a browser page; requests go to a mocked fetch.
window.QUIRE_CONFIG = { apiBaseUrl: 'http://quire.test/alfresco/api/-default-/public/alfresco/versions/1' };

afterEach(() => {
  cleanup();
  session.clear();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

// jsdom has no matchMedia (MUI's colour scheme asks for prefers-color-scheme).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
