/**
 * Prints the web app's initial JavaScript (what index.html loads before the first screen: the entry
 * and its modulepreloads) and every lazy chunk, raw and gzip (level 9). Run after `npm run build:web`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist';
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let initialGzip = 0;
const rows: string[] = [];
for (const file of readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
  const bytes = readFileSync(path.join(dist, 'assets', file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  const isInitial = initial.has(`assets/${file}`);
  if (isInitial) initialGzip += gz;
  rows.push(
    `${isInitial ? 'initial' : 'lazy   '}  ${file.padEnd(40)} ${kb(bytes.length).padStart(10)} ${kb(gz).padStart(10)} gzip`,
  );
}
console.log(rows.sort().join('\n'));
console.log(`initial JavaScript: ${kb(initialGzip)} gzip (budget 250 KB)`);
