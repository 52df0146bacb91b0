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
  // Whitespace and syntax only: identifiers keep their names, so errors, logs and libraries that
  // read function and class names see the real ones. (esbuild's keepNames would do that for
  // minified identifiers, but by calling a helper each time a function is created: measured at
  // 4 % of the server's time under load, as Fastify creates closures for every request.)
  minifyWhitespace: true,
  minifySyntax: true,
  // piscina finds its own worker file beside its sources (__dirname): it loads from node_modules.
  external: ['better-sqlite3', 'pg-native', 'piscina'],
  // Bundled CommonJS code calls require(); give the ES module one.
  banner: {
    js: "import { createRequire as __quireCreateRequire } from 'node:module'; const require = __quireCreateRequire(import.meta.url);",
  },
  define: { __QUIRE_CONTRACT__: JSON.stringify(contract) },
  logLevel: 'warning',
});
// The worker thread that reads text out of contents (server/src/modules/search/extract/), loaded
// by file name beside main.js; its parsers (pdf.js, officeparser) load from node_modules.
await build({
  entryPoints: ['server/src/modules/search/extract/extract-worker.ts'],
  outfile: 'dist-server/extract-worker.js',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
console.log(`built dist-server/main.js and extract-worker.js in ${Date.now() - started} ms`);
