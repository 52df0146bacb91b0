/**
 * The esbuild builds of the server bundle: `npm run build:server` (scripts/build-server.ts) writes
 * them to dist-server/, and the tests that start the server or a script as a process
 * (server/src/testing/bundles.ts) to a cache of their own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { parse } from 'yaml';

/** Files the bundle depends on that esbuild does not read itself (the contract goes in as JSON). */
export const EXTRA_INPUTS = ['openapi/openapi.yaml'];

/**
 * `entry` (server/src/main.ts, or a script) bundled into `outfile`, and the text extraction worker
 * beside it (extract-worker.js), relative to the repository root `root`.
 */
export function serverBuilds(options: { root: string; entry: string; outfile: string }): BuildOptions[] {
  const { root, entry, outfile } = options;
  // The contract goes into the bundle as JSON, so a start does not parse YAML (server/src/http/openapi.ts).
  const contract = JSON.stringify(parse(readFileSync(path.join(root, 'openapi/openapi.yaml'), 'utf8')));
  return [
    {
      absWorkingDir: root,
      entryPoints: [entry],
      outfile,
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
    },
    // The worker thread that reads text out of contents (server/src/modules/search/extract/), loaded
    // by file name beside main.js; its parsers (pdf.js, officeparser) load from node_modules.
    {
      absWorkingDir: root,
      entryPoints: ['server/src/modules/search/extract/extract-worker.ts'],
      outfile: path.join(path.dirname(outfile), 'extract-worker.js'),
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      minifyWhitespace: true,
      minifySyntax: true,
      logLevel: 'warning',
    },
  ];
}
