import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Network.enable');
const t0 = Date.now();
for (const ev of ['Network.requestWillBeSent','Network.responseReceived','Network.loadingFinished','Network.loadingFailed','Network.requestWillBeSentExtraInfo']) {
  cdp.on(ev, (p) => console.log(Date.now()-t0, ev, p.request?.url?.slice(0,80) ?? p.response?.url?.slice(0,80) ?? '', p.errorText ?? '', p.requestId, ev.endsWith('ExtraInfo') ? JSON.stringify(p.headers).slice(0,400) : ''));
}
await page.goto('http://127.0.0.1:8194/api-docs/', { timeout: 20000 }).catch(() => console.log('timeout'));
console.log(await page.evaluate(() => document.readyState));
await browser.close();
