/**
 * Generates the AFTS query parser (server/src/modules/search/afts/afts.parser.generated.js and
 * its .d.ts) from afts.peggy with peggy's command line. `--check` fails (exit 1) when the
 * committed files differ from what the grammar generates; a unit test runs the same check.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const dir = fileURLToPath(new URL('../server/src/modules/search/afts/', import.meta.url));
const grammar = path.join(dir, 'afts.peggy');
const outputs = ['afts.parser.generated.js', 'afts.parser.generated.d.ts'];
const peggyCli = createRequire(import.meta.url).resolve('peggy/bin/peggy.js');

/** Runs peggy, writing the parser and its types into `outDir`. */
export async function generateAftsParser(outDir: string): Promise<void> {
  const returnTypes = JSON.stringify({ Query: 'import("./afts.ast.ts").AftsNode' });
  await promisify(execFile)(process.execPath, [
    peggyCli,
    ...['--format', 'es', '--dts', '--return-types', returnTypes],
    ...['-o', path.join(outDir, outputs[0]!), grammar],
  ]);
}

/** The names of the committed files that differ from what the grammar generates now. */
export async function staleAftsParserFiles(): Promise<string[]> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'quire-afts-'));
  try {
    await generateAftsParser(scratch);
    const stale: string[] = [];
    for (const name of outputs) {
      const [fresh, committed] = await Promise.all([
        readFile(path.join(scratch, name), 'utf8'),
        readFile(path.join(dir, name), 'utf8').catch(() => ''),
      ]);
      if (fresh !== committed) stale.push(name);
    }
    return stale;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--check')) {
    const stale = await staleAftsParserFiles();
    if (stale.length > 0) {
      console.error(`${stale.join(', ')} stale: run \`npm run search:grammar\` and commit the result.`);
      process.exit(1);
    }
    console.log('the AFTS parser matches afts.peggy');
    return;
  }
  await generateAftsParser(dir);
  console.log(`wrote ${outputs.join(', ')} in ${path.relative(process.cwd(), dir)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
