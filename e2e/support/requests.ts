import type { Page, Request } from '@playwright/test';

const isEventStream = (r: Request) => r.url().includes('/quire/versions/1/events');

/**
 * Counts the page's requests in flight from now on, but the live updates stream, which stays open
 * (so Playwright's `networkidle` never comes while a signed-in page is shown). `quiet()` resolves
 * once none has been in flight for `ms`.
 */
export function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (r) => {
    if (isEventStream(r)) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(ms = 500): Promise<void> {
      while (inFlight.size > 0 || Date.now() - lastChange < ms) await page.waitForTimeout(50);
    },
  };
}
