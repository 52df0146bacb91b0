import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './e2e/support/browser.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
const executablePath = await findBrowser();

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 720 },
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node --import tsx e2e/support/start-server.ts',
    url: `http://127.0.0.1:${port}/alfresco/api/-default-/public/alfresco/versions/1/probes/-ready-`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(port) },
  },
});
