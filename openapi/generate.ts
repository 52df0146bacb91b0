/**
 * Generates openapi/schema.gen.ts from openapi/openapi.yaml (openapi-typescript).
 * `--check` fails (exit 1) when the committed file differs from what the contract generates.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const specUrl = new URL('./openapi.yaml', import.meta.url);
const outPath = fileURLToPath(new URL('./schema.gen.ts', import.meta.url));

export async function generateSchemaTypes(): Promise<string> {
  const ast = await openapiTS(specUrl, { alphabetize: false });
  const header = '/**\n * Generated from openapi/openapi.yaml by `npm run contract:gen`. Do not edit by hand.\n */\n\n';
  return header + astToString(ast);
}

async function main(): Promise<void> {
  const generated = await generateSchemaTypes();
  if (process.argv.includes('--check')) {
    const committed = await readFile(outPath, 'utf8').catch(() => '');
    if (committed !== generated) {
      console.error('openapi/schema.gen.ts is stale: run `npm run contract:gen` and commit the result.');
      process.exit(1);
    }
    console.log('openapi/schema.gen.ts matches openapi/openapi.yaml');
    return;
  }
  await writeFile(outPath, generated);
  console.log(`wrote ${outPath}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
