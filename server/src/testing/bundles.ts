import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import { EXTRA_INPUTS, serverBuilds } from '../../../scripts/server-builds.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CACHE = path.join(ROOT, 'node_modules/.cache/quire-test-bundles');

/** What a bundle is built from besides its sources: the build itself and the installed packages. */
const ALWAYS = [
  'scripts/server-builds.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'server/tsconfig.json',
  ...EXTRA_INPUTS,
];

const built = new Map<string, string>();

/** A digest of these files' contents (a missing file counts as missing). */
function digestOf(files: readonly string[]): string {
  const digest = createHash('sha256');
  for (const file of [...new Set([...ALWAYS, ...files])].sort()) {
    digest.update(file).update('\u0000');
    const full = path.join(ROOT, file);
    digest.update(existsSync(full) ? readFileSync(full) : 'missing').update('\u0000');
  }
  return digest.digest('hex').slice(0, 16);
}

/**
 * `entry` (server/src/main.ts, or a script under scripts/) bundled as `npm run build:server`
 * bundles the server (scripts/server-builds.ts): the path of its .js file. Starting the bundle
 * takes about a quarter of the CPU of starting the sources under tsx (0.65 s against 2.4 s for
 * the server), and the suites start the server and scripts as processes a few dozen times.
 *
 * Built once per change of its inputs and kept under node_modules/.cache/quire-test-bundles/:
 * `<name>/inputs.json` lists the files of the last build (esbuild's metafile, without packages:
 * package-lock.json stands for them), and the bundle of each digest of those files is in
 * `<name>-<digest>/`. A changed source changes the digest of the list that holds it, so the next
 * call builds again (and lists its files anew). Built in a folder of its own and then renamed, so
 * a process that finds it finds it whole; of two processes building it at once, one rename wins.
 */
export function bundled(entry: string): string {
  let file = built.get(entry);
  if (!file) {
    const name = path.basename(entry, '.ts');
    const listFile = path.join(CACHE, name, 'inputs.json');
    const listed = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as string[]) : [entry];
    file = path.join(CACHE, `${name}-${digestOf(listed)}`, `${name}.js`);
    // Not built yet, or the list was out of date (a file added or removed): build and list anew.
    if (!existsSync(file)) file = path.join(build(entry, name), `${name}.js`);
    // In use: another run's clean-up of bundles over an hour old keeps it (dropOthers).
    else utimesSync(path.dirname(file), new Date(), new Date());
    built.set(entry, file);
  }
  return file;
}

/** Builds `entry` and lists what the build read; the folder of its bundle. */
function build(entry: string, name: string): string {
  mkdirSync(path.join(CACHE, name), { recursive: true });
  const building = path.join(CACHE, `building-${name}-${randomBytes(6).toString('hex')}`);
  try {
    const inputs = new Set<string>();
    for (const options of serverBuilds({ root: ROOT, entry, outfile: path.join(building, `${name}.js`) })) {
      const { metafile } = buildSync({ ...options, metafile: true }) as { metafile: Metafile };
      for (const input of Object.keys(metafile.inputs)) if (!input.includes('node_modules/')) inputs.add(input);
    }
    const files = [...inputs].sort();
    const target = path.join(CACHE, `${name}-${digestOf(files)}`);
    try {
      renameSync(building, target);
    } catch (error) {
      // Another process renamed the same build first.
      if (!existsSync(path.join(target, `${name}.js`))) throw error;
    }
    const list = path.join(CACHE, name, `inputs-${randomBytes(6).toString('hex')}.json`);
    writeFileSync(list, JSON.stringify(files));
    renameSync(list, path.join(CACHE, name, 'inputs.json'));
    dropOthers(name, target);
    return target;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Removes the bundles of `name` of other digests built or used last over an hour ago (a run on older sources may use a newer one). */
function dropOthers(name: string, keep: string): void {
  for (const other of readdirSync(CACHE)) {
    const full = path.join(CACHE, other);
    if (full === keep || !other.startsWith(`${name}-`)) continue;
    if (Date.now() - statSync(full).mtimeMs < 3_600_000) continue;
    rmSync(full, { recursive: true, force: true });
  }
}
