/**
 * Bundles the server into dist-server/main.js (esbuild), so `npm start` runs plain JavaScript:
 * no TypeScript loader at run time, one file to load instead of hundreds of modules.
 * Native and optional modules stay external. The builds: scripts/server-builds.ts.
 */
import { build } from 'esbuild';
import { serverBuilds } from './server-builds.ts';

const started = Date.now();
for (const options of serverBuilds({
  root: process.cwd(),
  entry: 'server/src/main.ts',
  outfile: 'dist-server/main.js',
})) {
  await build(options);
}
console.log(`built dist-server/main.js and extract-worker.js in ${Date.now() - started} ms`);
