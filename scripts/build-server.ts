/**
 * Bundles the server into dist-server/main.js (esbuild), so `npm start` runs plain JavaScript:
 * no TypeScript loader at run time, one file to load instead of hundreds of modules.
 * Native and optional modules stay external.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { parse } from 'yaml';

const started = Date.now();
// The contract goes into the bundle as JSON, so a start does not parse YAML (server/src/http/openapi.ts).
const contract = JSON.stringify(parse(readFileSync('openapi/openapi.yaml', 'utf8')));
await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'dist-server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  minify: true,
  // Function and class names stay (errors, logs and some libraries read them).
  keepNames: true,
  external: ['better-sqlite3', 'pg-native'],
  // Bundled CommonJS code calls require(); give the ES module one.
  banner: {
    js: "import { createRequire as __quireCreateRequire } from 'node:module'; const require = __quireCreateRequire(import.meta.url);",
  },
  define: { __QUIRE_CONTRACT__: JSON.stringify(contract) },
  logLevel: 'warning',
});
console.log(`built dist-server/main.js in ${Date.now() - started} ms`);
