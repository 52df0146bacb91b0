/**
 * Before the e2e tests: find a browser, and install one when there is none — Debian's Chromium
 * headless shell with apt-get when running as root, else Playwright's own (`playwright install
 * chromium`).
 */
import { execFileSync } from 'node:child_process';
import { findBrowser } from '../e2e/support/browser.ts';

const found = await findBrowser();
if (found) {
  console.log(`[e2e] using the browser at ${found}`);
} else if (process.getuid?.() === 0) {
  console.log("[e2e] no browser found: installing Debian's chromium-headless-shell with apt-get (running as root)…");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  console.log(`[e2e] installed: ${await findBrowser()}`);
} else {
  console.log('[e2e] no browser found: installing the one Playwright manages (playwright install chromium)…');
  execFileSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'install', 'chromium'], { stdio: 'inherit' });
  console.log(`[e2e] installed: ${await findBrowser()}`);
}
