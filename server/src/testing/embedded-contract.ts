import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** openapi/openapi.yaml as JSON, parsed once per run (vitest.config.ts). */
    contractJson: string;
  }
}

// A setup file of the server projects. The server reads its contract from __QUIRE_CONTRACT__
// when it is there (server/src/http/openapi.ts), as the bundle `npm start` runs has it
// (scripts/server-builds.ts); else it parses openapi/openapi.yaml, which every server a test
// file started did again: a tenth of the server tests' CPU. Set before the test file imports the
// server (once per worker: the server projects share their module graph).
(globalThis as { __QUIRE_CONTRACT__?: string }).__QUIRE_CONTRACT__ ??= inject('contractJson');
