/**
 * How the server bundle is started: `npm start` (package.json), `npm run demo`, the e2e servers and
 * the benchmarks all run `node <SERVER_NODE_OPTIONS> dist-server/main.js`, so that what is measured
 * and tested is what users run. A unit test (server/src/server-command.test.ts) keeps package.json's
 * start script in step with this list.
 *
 * --max-semi-space-size=8 (MiB): V8's young generation, where a request's short-lived objects are
 * made, may grow to two semi-spaces of 16 MiB each by default on 64-bit, and a server that has once
 * been busy keeps them filled for good. 8 keeps it at half: idle RSS after the throughput benchmark
 * 157–159 → 141–142 MiB, with no change in CPU per GET or per create that the benchmarks can tell
 * (docs/performance.md, session 17).
 */
export const SERVER_NODE_OPTIONS: readonly string[] = ['--max-semi-space-size=8'];

export const SERVER_BUNDLE = 'dist-server/main.js';

/** The arguments to node that start the bundle as `npm start` does. */
export const serverArgs = (): string[] => [...SERVER_NODE_OPTIONS, SERVER_BUNDLE];
