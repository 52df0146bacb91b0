import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, vi } from 'vitest';
import { session } from '../lib/session.ts';

// The client needs an absolute base URL outside a browser page; requests go to a mocked fetch.
window.QUIRE_CONFIG = { apiBaseUrl: 'http://quire.test/alfresco/api/-default-/public/alfresco/versions/1' };

/**
 * Emotion's default cache, which MUI's styles go through. The web test files share one document
 * (isolate: false), and emotion adds a style element per rule without removing any: after a few
 * dozen files, jsdom read 2,700 of them for each getComputedStyle (every role query and click does
 * several), and the last files ran 5× slower than alone. After each test its rules go, and the
 * cache forgets them, so the next test inserts what it renders again.
 */
let emotionCache: ReturnType<typeof useEmotionCache> | null = null;
render(
  createElement(function Capture() {
    emotionCache = useEmotionCache();
    return null;
  }),
);
cleanup();

function forgetStyles() {
  if (!emotionCache) return;
  emotionCache.sheet.flush();
  for (const name of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[name];
}

afterEach(() => {
  cleanup();
  forgetStyles();
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
