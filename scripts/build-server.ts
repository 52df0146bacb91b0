/**
 * Bundles the server into dist-server/main.js (esbuild), so `npm start` runs plain JavaScript:
 * no TypeScript loader at run time, one file to load instead of hundreds of modules.
 * Native and optional modules stay external.
 */
import { build } from 'esbuild';

const started = Date.now();
await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'dist-server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  minifyWhitespace: true,
  external: ['better-sqlite3', 'pg-native'],
  // Bundled CommonJS code calls require(); give the ES module one.
  banner: {
    js: "import { createRequire as __quireCreateRequire } from 'node:module'; const require = __quireCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`built dist-server/main.js in ${Date.now() - started} ms`);
