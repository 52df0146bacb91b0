import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './e2e/support/browser.ts';
import { e2ePart, LATE_SPECS } from './e2e/support/parts.ts';
import { E2E_BASE_PORT, E2E_WORKERS, serverUrl } from './e2e/support/servers.ts';

const executablePath = await findBrowser();
const part = e2ePart();
const lateSpecs = LATE_SPECS.map((file) => `**/${file}`);

export default defineConfig({
  testDir: 'e2e',
  // E2E_PART: the part of the suite npm test runs in each of its e2e lanes (e2e/support/parts.ts).
  ...(part === 'late' ? { testMatch: lateSpecs } : part === 'early' ? { testIgnore: lateSpecs } : {}),
  // Tests tagged @screens only take screenshots for people to look at (the screen walk, the API
  // reference at three widths…): `npm run screens` runs them, the test run does not.
  grepInvert: process.env.E2E_SCREENSHOTS === '1' ? undefined : /@screens/,
  outputDir: part ? `test-results/e2e-${part}` : 'test-results/e2e',
  // The tests of one file run in order in one worker; files run in E2E_WORKERS workers at once,
  // each against a server of its own (e2e/support/servers.ts).
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list']],
  // Machines of this kind differ in speed by up to 2× (docs/performance.md): a journey that takes
  // 10–25 s alone took over 30 s beside the server suites on a slower one.
  timeout: 60_000,
  // A screen that shows in under a second alone took over 5 s (the default) three times running in
  // CI, beside the vitest lane on PostgreSQL: a wait for what the page will show is not a speed test.
  expect: { timeout: 15_000 },
  use: {
    // The worker's own server replaces this (the baseURL fixture in e2e/support/fixtures.ts).
    baseURL: serverUrl(0),
    viewport: { width: 1280, height: 720 },
    // As a user who asked for less motion: the app then draws no transition or animation (its
    // timers, and so what the tests wait for, are the same). The browser's CPU for browser.spec.ts
    // and actions.spec.ts fell by 5–10 %; smaller.spec.ts checks both settings.
    reducedMotion: 'reduce',
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS },
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot of
    // the end. The trace's screencast is off: recorded for every test, passing or not, it nearly
    // doubled the browser's CPU time (browser.spec.ts and actions.spec.ts: 82–84 s of Chromium CPU
    // with it, 46–52 s without, 45–46 s with no trace at all), and the suite is CPU-bound here.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: 'node --import tsx e2e/support/start-server.ts',
    url: `${serverUrl(index)}/alfresco/api/-default-/public/alfresco/versions/1/probes/-ready-`,
    reuseExistingServer: false,
    timeout: 90_000,
    env: { E2E_PORT: String(E2E_BASE_PORT + index) },
  })),
});
