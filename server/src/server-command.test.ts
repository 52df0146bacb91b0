import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS } from '../../scripts/server-command.ts';

describe('how the server bundle is started', () => {
  it('is the same in `npm start` as in the demo, the e2e servers and the benchmarks', async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(`npm run build && node ${[...SERVER_NODE_OPTIONS, SERVER_BUNDLE].join(' ')}`);
  });
});
